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
	role := flag.String("role", "", "index | search | app | tail")
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
	default:
		log.Fatalf("-role %q: expected index, search, app or tail", *role)
	}
	log.Printf("scenario %s on :%s", *role, port)
	log.Fatal((&http.Server{Addr: ":" + port, Handler: mux, ReadHeaderTimeout: 5 * time.Second}).ListenAndServe())
}

// indexRole: the backing search index. INDEX_DOWN=1 makes every query fail (no index loaded).
func indexRole(mux *http.ServeMux) {
	down := env("INDEX_DOWN", "0") == "1"
	mux.HandleFunc("GET /query", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(2 * time.Millisecond)
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
			time.Sleep(15 * time.Millisecond)
			loop.Unlock()
		} else {
			time.Sleep(15 * time.Millisecond)
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
			time.Sleep(stall)
		} else {
			time.Sleep(time.Duration(float64(4*time.Millisecond) * (1 - speedup/100)))
		}
		fmt.Fprint(w, `{"done":true}`)
	})
}
