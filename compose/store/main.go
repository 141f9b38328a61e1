// store is the example's second service: api's /inventory calls its /stock.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"example.com/loadgate-example/internal/knobs"
)

func main() {
	health := flag.Bool("health", false, "check /health and exit 0 when healthy")
	flag.Parse()
	port := os.Getenv("PORT")
	if port == "" {
		port = "8081"
	}
	if *health {
		knobs.CheckHealth(port)
	}
	k := knobs.FromEnv()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", knobs.Health)
	mux.HandleFunc("GET /stock/{id}", func(w http.ResponseWriter, r *http.Request) {
		k.Work(2*time.Millisecond, 500)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":%q,"stock":%d}`, r.PathValue("id"), len(r.PathValue("id"))*7)
	})
	knobs.Serve("store", port, k, mux)
}
