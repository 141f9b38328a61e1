// api is the CPU-bound reference service: sub-millisecond handlers whose service time is the
// machine's CPU (JSON encoding, a sort, hashing, parsing) and a lock a write shares with a read,
// with no waits. Every request of a route does the same work (seeded inputs of fixed size), so
// what varies between requests is the machine, not the code.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"
)

func main() {
	health := flag.Bool("health", false, "check /health and exit 0 when healthy")
	flag.Parse()
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	if *health {
		checkHealth(port)
	}
	k := KnobsFromEnv()
	s := newShop()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"status":"ok"}`)
	})
	routes := s.routes()
	if _, known := routes[k.CPUWorkRoute]; k.CPUWorkRoute != "" && !known {
		log.Fatalf("CPU_WORK_ROUTE=%q: expected one of the routes, e.g. \"GET /top\" or \"GET /stock/{id}\"", k.CPUWorkRoute)
	}
	for route, handle := range routes {
		extra := k.Extra(route)
		mux.HandleFunc(route, func(w http.ResponseWriter, r *http.Request) { handle(w, r, extra) })
	}
	log.Printf("api listening on :%s with %+v", port, k)
	server := &http.Server{Addr: ":" + port, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(server.ListenAndServe())
}

// checkHealth is the binary's -health flag (the image has no curl): exit 0 when /health answers 200.
func checkHealth(port string) {
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

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

func mustMarshal(v any) []byte {
	body, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return body
}
