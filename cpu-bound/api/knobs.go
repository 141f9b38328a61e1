package main

import (
	"log"
	"math"
	"os"
	"strconv"
	"strings"
)

// Knobs add CPU work, never sleeps: CPU_WORK_PERCENT more of a handler's own kind of work, on
// the route CPU_WORK_ROUTE names as k6 tags it (e.g. "GET /top"), or on every route when unset.
type Knobs struct {
	CPUWorkPercent float64
	CPUWorkRoute   string
}

// KnobsFromEnv reads CPU_WORK_PERCENT and CPU_WORK_ROUTE.
func KnobsFromEnv() Knobs {
	// k6 names a path parameter ":id" where the route pattern has "{id}": either is accepted.
	k := Knobs{CPUWorkRoute: strings.ReplaceAll(os.Getenv("CPU_WORK_ROUTE"), ":id", "{id}")}
	if value := os.Getenv("CPU_WORK_PERCENT"); value != "" {
		f, err := strconv.ParseFloat(value, 64)
		if err != nil || f < 0 || math.IsInf(f, 0) {
			log.Fatalf("CPU_WORK_PERCENT=%q: expected a number of percent, 0 or more", value)
		}
		k.CPUWorkPercent = f
	}
	return k
}

// Extra is the fraction of its own work a route does on top of its response: 0.1 is 10% more.
func (k Knobs) Extra(route string) float64 {
	if k.CPUWorkRoute != "" && k.CPUWorkRoute != route {
		return 0
	}
	return k.CPUWorkPercent / 100
}

// scaled is n × fraction, rounded: the size of the extra input a knob asks for.
func scaled(n int, fraction float64) int {
	return int(math.Round(float64(n) * fraction))
}

// sortSizeFor is the m whose m·log₂m comparisons are `fraction` of an n-item sort's.
func sortSizeFor(n int, fraction float64) int {
	if fraction <= 0 {
		return 0
	}
	target := fraction * float64(n) * math.Log2(float64(n))
	cost := func(m int) float64 { return float64(m) * math.Log2(float64(m)) }
	low, high := 2, 64*n
	for low < high {
		mid := (low + high) / 2
		if cost(mid) < target {
			low = mid + 1
		} else {
			high = mid
		}
	}
	return low
}
