// scenario is the one binary behind the example scenarios in compose/scenarios/: each Compose
// service runs it with a role (-role) and reads the knobs its scenario documents.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"example.com/loadgate-example/internal/knobs"
)

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func envFloat(name string, fallback float64) float64 {
	v, err := strconv.ParseFloat(env(name, ""), 64)
	if err != nil {
		return fallback
	}
	return v
}

func health(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `{"status":"ok"}`) }

func checkHealth(port string) {
	client := http.Client{Timeout: 2 * time.Second}
	resp, err := client.Get("http://127.0.0.1:" + port + "/health")
	if err != nil || resp.StatusCode != http.StatusOK {
		fmt.Fprintln(os.Stderr, "unhealthy:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

func main() {
	role := flag.String("role", "", "index | search | app | tail | challenge | queue | worker")
	healthFlag := flag.Bool("health", false, "check /health and exit")
	flag.Parse()
	port := env("PORT", "8080")
	if *healthFlag {
		checkHealth(port)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", health)
	switch *role {
	case "index":
		indexRole(mux)
	case "search":
		searchRole(mux)
	case "app":
		blockingRole(mux)
	case "tail":
		tailRole(mux)
	case "challenge":
		challengeRole(mux)
	case "queue":
		queueRole(mux)
	case "worker":
		go workerRole()
	default:
		log.Fatalf("-role %q: expected index, search, app, tail, challenge, queue or worker", *role)
	}
	log.Printf("scenario %s on :%s", *role, port)
	log.Fatal((&http.Server{Addr: ":" + port, Handler: mux, ReadHeaderTimeout: 5 * time.Second}).ListenAndServe())
}

// indexRole: the backing search index. INDEX_DOWN=1 makes every query fail (no index loaded).
func indexRole(mux *http.ServeMux) {
	down := env("INDEX_DOWN", "0") == "1"
	mux.HandleFunc("GET /query", func(w http.ResponseWriter, r *http.Request) {
		knobs.WaitFor(2 * time.Millisecond)
		if down {
			http.Error(w, `{"error":"INTERNAL: no index loaded"}`, http.StatusInternalServerError)
			return
		}
		fmt.Fprintf(w, `{"hits":[%q]}`, r.URL.Query().Get("q"))
	})
}

// searchRole: the API in front of the index, with retries (exponential backoff) and a circuit
// breaker — the resilience layer that turns a dead dependency into slow 5xx answers.
func searchRole(mux *http.ServeMux) {
	index := env("INDEX_URL", "http://index:8081")
	client := &http.Client{Timeout: 2 * time.Second}
	var failures atomic.Int64
	var openUntil atomic.Int64
	mux.HandleFunc("GET /search", func(w http.ResponseWriter, r *http.Request) {
		if time.Now().UnixNano() < openUntil.Load() {
			http.Error(w, `{"error":"circuit open"}`, http.StatusServiceUnavailable)
			return
		}
		var err error
		for attempt := 0; attempt < 3; attempt++ {
			if attempt > 0 {
				time.Sleep(time.Duration(10<<attempt) * time.Millisecond)
			}
			var resp *http.Response
			resp, err = client.Get(index + "/query?q=" + r.URL.Query().Get("q"))
			if err == nil && resp.StatusCode == http.StatusOK {
				failures.Store(0)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusOK)
				buf := make([]byte, 4096)
				n, _ := resp.Body.Read(buf)
				w.Write(buf[:n])
				resp.Body.Close()
				return
			}
			if resp != nil {
				resp.Body.Close()
				err = errors.New(resp.Status)
			}
		}
		if failures.Add(1) >= 5 {
			openUntil.Store(time.Now().Add(500 * time.Millisecond).UnixNano())
			failures.Store(0)
		}
		http.Error(w, fmt.Sprintf(`{"error":%q}`, err.Error()), http.StatusInternalServerError)
	})
}

// blockingRole: a slow /query that, with BLOCKING=1, holds the lock /health also needs — the
// Go twin of a blocked event loop. BLOCKING=0 runs the query off that path.
func blockingRole(mux *http.ServeMux) {
	blocking := env("BLOCKING", "1") == "1"
	var loop sync.Mutex
	mux.HandleFunc("GET /query", func(w http.ResponseWriter, _ *http.Request) {
		if blocking {
			loop.Lock()
			knobs.WaitFor(15 * time.Millisecond)
			loop.Unlock()
		} else {
			knobs.WaitFor(15 * time.Millisecond)
		}
		json.NewEncoder(w).Encode(map[string]string{"answer": "42"})
	})
	mux.HandleFunc("GET /status", func(w http.ResponseWriter, _ *http.Request) {
		loop.Lock()
		loop.Unlock()
		fmt.Fprint(w, `{"ok":true}`)
	})
}

// tailRole: /work takes about 4 ms; SPEEDUP_PERCENT makes the typical request faster, while
// STALL_RATE of requests stall for STALL_MS — a faster median with a wilder tail.
func tailRole(mux *http.ServeMux) {
	speedup := envFloat("SPEEDUP_PERCENT", 0)
	stallRate := envFloat("STALL_RATE", 0)
	stall := time.Duration(envFloat("STALL_MS", 500)) * time.Millisecond
	mux.HandleFunc("GET /work", func(w http.ResponseWriter, _ *http.Request) {
		if stallRate > 0 && rand.Float64() < stallRate {
			knobs.WaitFor(stall)
		} else {
			knobs.WaitFor(time.Duration(float64(4*time.Millisecond) * (1 - speedup/100)))
		}
		fmt.Fprint(w, `{"done":true}`)
	})
}

// challengeRole: a challenge/progress API whose connection pool opens lazily: for COLD_START_MS
// after the first request, half the requests fail with 503 while /health already says ok. Its
// endpoints take a few milliseconds; SLOW_PROGRESS_PERCENT slows POST /challenges/{id}/progress.
func challengeRole(mux *http.ServeMux) {
	coldStart := time.Duration(envFloat("COLD_START_MS", 1500)) * time.Millisecond
	slowProgress := envFloat("SLOW_PROGRESS_PERCENT", 0)
	var firstRequest sync.Once
	var warmAt atomic.Int64
	poolReady := func(w http.ResponseWriter) bool {
		firstRequest.Do(func() { warmAt.Store(time.Now().Add(coldStart).UnixNano()) })
		if time.Now().UnixNano() < warmAt.Load() && rand.Float64() < 0.5 {
			http.Error(w, `{"error":"connection pool not ready"}`, http.StatusServiceUnavailable)
			return false
		}
		return true
	}
	handle := func(pattern string, serviceTime time.Duration, body string) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if !poolReady(w) {
				return
			}
			knobs.WaitFor(serviceTime)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, body, r.PathValue("id"))
		})
	}
	handle("POST /challenges", 3*time.Millisecond, `{"id":"c1%s"}`)
	handle("GET /challenges/{id}", 2*time.Millisecond, `{"id":%q,"state":"open"}`)
	handle("POST /challenges/{id}/progress",
		time.Duration(float64(4*time.Millisecond)*(1+slowProgress/100)), `{"id":%q,"progress":1}`)
	handle("GET /events", 8*time.Millisecond, `{"after":%q,"events":[]}`)
}

// queueRole: an in-memory job queue. Producers POST /jobs and wait for their job with
// GET /jobs/{id}?wait=<ms> (a long poll: it answers when the job is done or the wait is over).
// Workers take jobs with GET /next (waits up to a second for one) and report POST /jobs/{id}/done.
func queueRole(mux *http.ServeMux) {
	var mu sync.Mutex
	done := map[string]chan struct{}{}
	pending := make(chan string, 100000)
	var next atomic.Int64
	lookup := func(id string) chan struct{} {
		mu.Lock()
		defer mu.Unlock()
		return done[id]
	}
	mux.HandleFunc("POST /jobs", func(w http.ResponseWriter, _ *http.Request) {
		id := strconv.FormatInt(next.Add(1), 10)
		mu.Lock()
		done[id] = make(chan struct{})
		mu.Unlock()
		pending <- id
		w.WriteHeader(http.StatusAccepted)
		fmt.Fprintf(w, `{"id":%q}`, id)
	})
	mux.HandleFunc("GET /jobs/{id}", func(w http.ResponseWriter, r *http.Request) {
		finished := lookup(r.PathValue("id"))
		if finished == nil {
			http.Error(w, `{"error":"no such job"}`, http.StatusNotFound)
			return
		}
		wait, _ := strconv.Atoi(r.URL.Query().Get("wait"))
		select {
		case <-finished:
			fmt.Fprint(w, `{"done":true}`)
		case <-time.After(time.Duration(wait) * time.Millisecond):
			fmt.Fprint(w, `{"done":false}`)
		}
	})
	mux.HandleFunc("GET /next", func(w http.ResponseWriter, _ *http.Request) {
		select {
		case id := <-pending:
			fmt.Fprintf(w, `{"id":%q}`, id)
		case <-time.After(time.Second):
			w.WriteHeader(http.StatusNoContent)
		}
	})
	mux.HandleFunc("POST /jobs/{id}/done", func(w http.ResponseWriter, r *http.Request) {
		if finished := lookup(r.PathValue("id")); finished != nil {
			mu.Lock()
			select {
			case <-finished:
			default:
				close(finished)
			}
			mu.Unlock()
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// workerRole: WORKERS goroutines take jobs from QUEUE_URL; each job is JOB_CPU_MS of computation
// and JOB_WAIT_MS of waiting on a downstream call. SERIALIZE=1 lets only one job run at a time.
func workerRole() {
	queue := env("QUEUE_URL", "http://queue:8080")
	workers := int(envFloat("WORKERS", 4))
	cpu := time.Duration(envFloat("JOB_CPU_MS", 2)) * time.Millisecond
	wait := time.Duration(envFloat("JOB_WAIT_MS", 18)) * time.Millisecond
	serialize := env("SERIALIZE", "0") == "1"
	var one sync.Mutex
	client := &http.Client{Timeout: 5 * time.Second}
	for i := 0; i < workers; i++ {
		go func() {
			for {
				resp, err := client.Get(queue + "/next")
				if err != nil {
					time.Sleep(100 * time.Millisecond)
					continue
				}
				var job struct{ ID string }
				decodeErr := json.NewDecoder(resp.Body).Decode(&job)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || decodeErr != nil {
					continue
				}
				if serialize {
					one.Lock()
				}
				burn(cpu)
				knobs.WaitFor(wait)
				if serialize {
					one.Unlock()
				}
				if resp, err := client.Post(queue+"/jobs/"+job.ID+"/done", "application/json", nil); err == nil {
					resp.Body.Close()
				}
			}
		}()
	}
}

// burn keeps a core busy for d: the part of a job that shows as CPU time.
func burn(d time.Duration) {
	x := 1.0
	for end := time.Now().Add(d); time.Now().Before(end); {
		for i := 0; i < 1000; i++ {
			x = x*1.0000001 + 1e-9
		}
	}
	if x < 0 {
		fmt.Println(x)
	}
}
