// api is the example service k6 targets: a cheap read, a CPU-heavier write, a call
// through to the store service, and /health — plus five more routes of a shop (catalog, users,
// search, reviews, cart) for the many-endpoint load of k6/many.js.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"example.com/loadgate-example/internal/knobs"
)

func main() {
	health := flag.Bool("health", false, "check /health and exit 0 when healthy")
	flag.Parse()
	port := envOr("PORT", "8080")
	if *health {
		knobs.CheckHealth(port)
	}
	k := knobs.FromEnv()
	storeURL := envOr("STORE_URL", "http://store:8081")
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", knobs.Health)
	mux.HandleFunc("GET /items/{id}", func(w http.ResponseWriter, r *http.Request) {
		k.For("GET /items/{id}").Work(3*time.Millisecond, 300)
		writeJSON(w, map[string]any{"id": r.PathValue("id"), "name": "item " + r.PathValue("id")})
	})
	mux.HandleFunc("POST /orders", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		k.For("POST /orders").Work(6*time.Millisecond, 6000)
		w.WriteHeader(http.StatusCreated)
		writeJSON(w, map[string]any{"accepted": len(body)})
	})
	mux.HandleFunc("GET /inventory/{id}", func(w http.ResponseWriter, r *http.Request) {
		k.For("GET /inventory/{id}").Work(time.Millisecond, 300)
		resp, err := client.Get(fmt.Sprintf("%s/stock/%s", storeURL, r.PathValue("id")))
		if err != nil {
			http.Error(w, "store unreachable: "+err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
	})
	simple := func(route string, wait time.Duration, hashRounds int) {
		mux.HandleFunc(route, func(w http.ResponseWriter, r *http.Request) {
			k.For(route).Work(wait, hashRounds)
			writeJSON(w, map[string]any{"route": route, "id": r.PathValue("id")})
		})
	}
	simple("GET /catalog", 2*time.Millisecond, 200)
	simple("GET /users/{id}", 2*time.Millisecond, 150)
	simple("GET /search", 4*time.Millisecond, 800)
	simple("GET /reviews/{id}", 3*time.Millisecond, 200)
	simple("PUT /cart/{id}", 4*time.Millisecond, 1500)
	knobs.Serve("api", port, k, mux)
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}
