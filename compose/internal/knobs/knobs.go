// Package knobs holds what the example services share with each other and with the scenarios'
// binary: the environment knobs that let a test or demo inject a real regression, the simulated
// work (WaitFor among it), and the -health check.
package knobs

import (
	"crypto/sha256"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
)

// Knobs are read once at start from the environment.
type Knobs struct {
	LatencyPercent  float64 // added to every endpoint's service time (sleep and CPU parts)
	LatencyRoute    string  // when set, LatencyPercent and ExtraCPUPercent apply to this route only, e.g. "GET /search"
	ExtraCPUPercent float64 // added to the CPU part only, as work of its own (extraCPUWork)
	ErrorRate       float64 // fraction of non-health requests answered 500
	CrashAfter      int64   // exit(1) after this many non-health requests; 0 = never
}

func envFloat(name string) float64 {
	value := os.Getenv(name)
	if value == "" {
		return 0
	}
	f, err := strconv.ParseFloat(value, 64)
	if err != nil {
		log.Fatalf("%s=%q: expected a number", name, value)
	}
	return f
}

// FromEnv reads LATENCY_PERCENT, LATENCY_ROUTE, EXTRA_CPU_PERCENT, ERROR_RATE and CRASH_AFTER.
func FromEnv() Knobs {
	return Knobs{
		LatencyPercent:  envFloat("LATENCY_PERCENT"),
		LatencyRoute:    os.Getenv("LATENCY_ROUTE"),
		ExtraCPUPercent: envFloat("EXTRA_CPU_PERCENT"),
		ErrorRate:       envFloat("ERROR_RATE"),
		CrashAfter:      int64(envFloat("CRASH_AFTER")),
	}
}

var sink atomic.Uint64

// For returns the knobs as they apply to one route: LATENCY_ROUTE confines the latency and
// extra-CPU knobs to the route it names; work done outside any named route is then never slowed.
func (k Knobs) For(route string) Knobs {
	if k.LatencyRoute == route {
		k.LatencyRoute = ""
	} else if k.LatencyRoute != "" {
		k.LatencyPercent = 0
		k.ExtraCPUPercent = 0
	}
	return k
}

// Work simulates an endpoint: a wait (I/O) and CPU work (hash rounds), both scaled by the knobs.
func (k Knobs) Work(wait time.Duration, hashRounds int) {
	scale := 1 + k.LatencyPercent/100
	if k.LatencyRoute != "" {
		scale = 1
	}
	WaitFor(time.Duration(float64(wait) * scale))
	rounds := float64(hashRounds) * scale
	sum := sha256.Sum256([]byte("loadgate"))
	for i := 0; i < int(rounds); i++ {
		sum = sha256.Sum256(sum[:])
	}
	sink.Add(uint64(sum[0]))
	if k.ExtraCPUPercent > 0 {
		sink.Add(extraCPUWork(int(rounds * k.ExtraCPUPercent / 100 * stepsPerHash)))
	}
}

// stepsPerHash is how many steps of extraCPUWork cost what one hash round costs on this machine,
// measured once at start, so EXTRA_CPU_PERCENT=10 adds 10% to the CPU part wherever it runs.
var stepsPerHash = calibrateExtraWork()

func calibrateExtraWork() float64 {
	const hashes, steps = 5000, 50000
	best := 0.0
	for try := 0; try < 5; try++ {
		start := time.Now()
		sum := sha256.Sum256([]byte("loadgate"))
		for i := 0; i < hashes; i++ {
			sum = sha256.Sum256(sum[:])
		}
		hash := time.Since(start)
		start = time.Now()
		sink.Add(uint64(sum[0]) + extraCPUWork(steps))
		work := time.Since(start)
		if ratio := float64(hash) / hashes / (float64(work) / steps); ratio > best {
			best = ratio
		}
	}
	return best
}

// extraCPUWork is the CPU that EXTRA_CPU_PERCENT adds, done in a function of its own so that a CPU
// profile of a slowed head names it: the regression a test can point at.
//
//go:noinline
func extraCPUWork(steps int) uint64 {
	x := uint64(0x9E3779B97F4A7C15)
	for i := 0; i < steps; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}

// Middleware injects errors and the crash; /health is exempt so readiness stays honest.
func (k Knobs) Middleware(next http.Handler) http.Handler {
	var served atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/health" {
			next.ServeHTTP(w, r)
			return
		}
		n := served.Add(1)
		if k.CrashAfter > 0 && n > k.CrashAfter {
			log.Printf("CRASH_AFTER=%d reached: exiting", k.CrashAfter)
			os.Exit(1)
		}
		if k.ErrorRate > 0 && rand.Float64() < k.ErrorRate {
			http.Error(w, "injected error", http.StatusInternalServerError)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Health answers the Compose healthcheck.
func Health(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprint(w, `{"status":"ok"}`)
}

// CheckHealth implements the binary's -health flag: exit 0 when /health answers 200.
func CheckHealth(port string) {
	client := http.Client{Timeout: 2 * time.Second}
	resp, err := client.Get("http://127.0.0.1:" + port + "/health")
	if err != nil {
		fmt.Fprintln(os.Stderr, "unhealthy:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintln(os.Stderr, "unhealthy: status", resp.StatusCode)
		os.Exit(1)
	}
	os.Exit(0)
}

// Serve starts the server with the knobs' middleware, logging the knobs in effect.
func Serve(name, port string, k Knobs, mux *http.ServeMux) {
	log.Printf("%s listening on :%s with %+v", name, port, k)
	server := &http.Server{Addr: ":" + port, Handler: k.Middleware(mux), ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(server.ListenAndServe())
}

// WaitFor waits d, like a downstream call that takes d, without using CPU. time.Sleep would not
// do: the runtime's timers wake up to a millisecond late (a 2.2 ms sleep takes 3.2 ms), so a 10%
// knob would move a short wait by 0% or 50%. nanosleep(2) blocks only this thread (the runtime
// moves other goroutines to another one) and wakes within tens of microseconds.
func WaitFor(d time.Duration) {
	remaining := syscall.NsecToTimespec(d.Nanoseconds())
	for {
		var left syscall.Timespec
		if err := syscall.Nanosleep(&remaining, &left); err != syscall.EINTR {
			return
		}
		remaining = left
	}
}
