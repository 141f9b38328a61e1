package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
)

// Sizes of each handler's work, chosen so that each takes a few hundred microseconds of CPU.
const (
	catalogPageSize = 180
	productCount    = 3000
	topK            = 20
	inventorySize   = 4000
	searchNames     = 20000
)

type handler func(w http.ResponseWriter, r *http.Request, extra float64)

type catalogItem struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Category    string   `json:"category"`
	PriceCents  int      `json:"priceCents"`
	Stock       int      `json:"stock"`
	Tags        []string `json:"tags"`
	Description string   `json:"description"`
}

type product struct {
	ID    int     `json:"id"`
	Score float64 `json:"score"`
}

type shop struct {
	products []product // seeded: the same scores in every process
	names    []string

	mu        sync.Mutex // shared by POST /orders (write) and GET /stock/{id} (read)
	inventory []int64
	orders    int64
}

// sink keeps the knob's extra work from being optimised away.
var sink atomic.Uint64

func newShop() *shop {
	rng := rand.New(rand.NewPCG(26, 1))
	s := &shop{products: make([]product, productCount), inventory: make([]int64, inventorySize)}
	for i := range s.products {
		s.products[i] = product{ID: i, Score: rng.Float64()}
	}
	for i := range s.inventory {
		s.inventory[i] = 100 + rng.Int64N(900)
	}
	for i := 0; i < searchNames; i++ {
		s.names = append(s.names, fmt.Sprintf("product %06d %s", rng.IntN(1_000_000), colours[i%len(colours)]))
	}
	return s
}

var colours = []string{"red widget", "blue gadget", "green gizmo", "black sprocket", "white doohickey"}

func (s *shop) routes() map[string]handler {
	return map[string]handler{
		"GET /catalog":     s.catalog,
		"GET /top":         s.top,
		"POST /orders":     s.order,
		"GET /stock/{id}":  s.stock,
		"GET /search":      s.search,
		"GET /render/{id}": s.render,
		"GET /hash/{id}":   s.hash,
		"POST /validate":   s.validate,
	}
}

// catalogPage is page p of the catalogue: fixed-width fields, so every page encodes the same bytes' worth.
func catalogPage(p, size int) []catalogItem {
	items := make([]catalogItem, size)
	for i := range items {
		n := p*size + i
		items[i] = catalogItem{
			ID:          fmt.Sprintf("sku-%08d", n),
			Name:        fmt.Sprintf("Item %08d %s", n, colours[n%len(colours)]),
			Category:    fmt.Sprintf("category-%03d", n%97),
			PriceCents:  100_000 + n%900_000,
			Stock:       1000 + n%9000,
			Tags:        []string{"tag-" + strconv.Itoa(1000+n%9000), "new", "in-stock"},
			Description: fmt.Sprintf("Catalogue entry %08d, a %s in category %03d.", n, colours[n%len(colours)], n%97),
		}
	}
	return items
}

func pageOf(r *http.Request) int {
	p, _ := strconv.Atoi(r.URL.Query().Get("page"))
	return ((p % 1000) + 1000) % 1000
}

// GET /catalog?page=N: a page of generated items, JSON-encoded.
func (s *shop) catalog(w http.ResponseWriter, r *http.Request, extra float64) {
	p := pageOf(r)
	body := mustMarshal(map[string]any{"page": p, "items": catalogPage(p, catalogPageSize)})
	if n := scaled(catalogPageSize, extra); n > 0 {
		sink.Add(uint64(len(mustMarshal(catalogPage(p, n)))))
	}
	writeJSON(w, http.StatusOK, body)
}

func byScore(a, b product) int {
	if a.Score != b.Score {
		if a.Score > b.Score {
			return -1
		}
		return 1
	}
	return a.ID - b.ID
}

// GET /top: the top 20 of the 3000 products, by sorting a copy of all of them.
func (s *shop) top(w http.ResponseWriter, _ *http.Request, extra float64) {
	ranked := slices.Clone(s.products)
	slices.SortFunc(ranked, byScore)
	if m := sortSizeFor(productCount, extra); m > 0 {
		more := make([]product, m)
		for i := range more {
			more[i] = s.products[i%productCount]
			more[i].ID = i
		}
		slices.SortFunc(more, byScore)
		sink.Add(uint64(more[0].ID))
	}
	writeJSON(w, http.StatusOK, mustMarshal(map[string]any{"top": ranked[:topK]}))
}

type orderRequest struct {
	Item     int `json:"item"`
	Quantity int `json:"quantity"`
}

type ledgerEntry struct {
	SKU   int   `json:"sku"`
	Count int64 `json:"count"`
}

// ledger is the SHA-256 of n entries of the inventory (cycling past its end) as JSON; the caller holds the lock.
func (s *shop) ledger(n int) [32]byte {
	entries := make([]ledgerEntry, n)
	for i := range entries {
		entries[i] = ledgerEntry{SKU: i, Count: s.inventory[i%inventorySize]}
	}
	return sha256.Sum256(mustMarshal(entries))
}

// POST /orders: takes stock under the lock and rehashes the whole inventory's ledger while holding it.
func (s *shop) order(w http.ResponseWriter, r *http.Request, extra float64) {
	var req orderRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&req); err != nil || req.Quantity < 1 {
		http.Error(w, `expected {"item": N, "quantity": N ≥ 1}`, http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	i := ((req.Item % inventorySize) + inventorySize) % inventorySize
	s.inventory[i] -= int64(req.Quantity)
	if s.inventory[i] < 0 {
		s.inventory[i] += 1000
	}
	s.orders++
	sum := s.ledger(inventorySize)
	if n := scaled(inventorySize, extra); n > 0 {
		more := s.ledger(n)
		sink.Add(uint64(more[0]))
	}
	number := s.orders
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, mustMarshal(map[string]any{"order": number, "ledger": hex.EncodeToString(sum[:8])}))
}

// GET /stock/{id}: one item's stock and the inventory's median and 10th percentile, sorted under the lock.
func (s *shop) stock(w http.ResponseWriter, r *http.Request, extra float64) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	id = ((id % inventorySize) + inventorySize) % inventorySize
	s.mu.Lock()
	levels := slices.Clone(s.inventory)
	slices.Sort(levels)
	if m := sortSizeFor(inventorySize, extra); m > 0 {
		more := make([]int64, m)
		for i := range more {
			more[i] = s.inventory[i%inventorySize] ^ int64(i)
		}
		slices.Sort(more)
		sink.Add(uint64(more[0]))
	}
	count := s.inventory[id]
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, mustMarshal(map[string]any{
		"id": id, "stock": count, "median": levels[inventorySize/2], "p10": levels[inventorySize/10],
	}))
}
