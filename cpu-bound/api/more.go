package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// The four routes only k6/many.js calls, for a gate over eight named series.

// GET /search?q=NNN: scans all 20000 product names for q, answering the first 20 matches.
func (s *shop) search(w http.ResponseWriter, r *http.Request, extra float64) {
	q := r.URL.Query().Get("q")
	if len(q) > 32 {
		q = q[:32]
	}
	// scan looks at n names, cycling past the end of the list.
	scan := func(n int) []string {
		var found []string
		for i := 0; i < n; i++ {
			if name := s.names[i%len(s.names)]; strings.Contains(name, q) && len(found) < 20 {
				found = append(found, name)
			}
		}
		return found
	}
	found := scan(len(s.names))
	if n := scaled(len(s.names), extra); n > 0 {
		sink.Add(uint64(len(scan(n))))
	}
	writeJSON(w, http.StatusOK, mustMarshal(map[string]any{"q": q, "matches": found}))
}

const renderRows = 400

func renderTable(b *strings.Builder, id, rows int) {
	b.WriteString("<table><tr><th>sku</th><th>name</th><th>price</th></tr>")
	for i := 0; i < rows; i++ {
		n := id*rows + i
		b.WriteString("<tr><td>sku-")
		b.WriteString(strconv.Itoa(10_000_000 + n))
		b.WriteString("</td><td>")
		b.WriteString(html.EscapeString("Item <" + strconv.Itoa(n) + "> & " + colours[n%len(colours)]))
		b.WriteString("</td><td>")
		b.WriteString(strconv.FormatFloat(float64(100_000+n%900_000)/100, 'f', 2, 64))
		b.WriteString("</td></tr>")
	}
	b.WriteString("</table>")
}

// GET /render/{id}: an HTML table of 400 escaped rows.
func (s *shop) render(w http.ResponseWriter, r *http.Request, extra float64) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	id %= 1000
	var b strings.Builder
	renderTable(&b, id, renderRows)
	if n := scaled(renderRows, extra); n > 0 {
		var more strings.Builder
		renderTable(&more, id, n)
		sink.Add(uint64(more.Len()))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, b.String())
}

const hashBytes = 192 << 10

// GET /hash/{id}: SHA-256 over 192 KiB derived from the id.
func (s *shop) hash(w http.ResponseWriter, r *http.Request, extra float64) {
	id := r.PathValue("id")
	data := []byte(strings.Repeat(id+"|", hashBytes/(len(id)+1)+1))[:hashBytes]
	sum := sha256.Sum256(data)
	if n := scaled(hashBytes, extra); n > 0 {
		more := sha256.New()
		for ; n > 0; n -= hashBytes {
			more.Write(data[:min(n, hashBytes)])
		}
		sink.Add(uint64(more.Sum(nil)[0]))
	}
	writeJSON(w, http.StatusOK, mustMarshal(map[string]any{"id": id, "sha256": hex.EncodeToString(sum[:])}))
}

type orderLine struct {
	SKU        string `json:"sku"`
	Quantity   int    `json:"quantity"`
	PriceCents int    `json:"priceCents"`
}

func checkLines(lines []orderLine) (total int, problems int) {
	for _, line := range lines {
		if !strings.HasPrefix(line.SKU, "sku-") || line.Quantity < 1 || line.PriceCents < 0 {
			problems++
			continue
		}
		total += line.Quantity * line.PriceCents
	}
	return total, problems
}

// POST /validate: decodes an order's lines and checks each one.
func (s *shop) validate(w http.ResponseWriter, r *http.Request, extra float64) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	var order struct {
		Lines []orderLine `json:"lines"`
	}
	if err != nil || json.Unmarshal(body, &order) != nil {
		http.Error(w, `expected {"lines": [{"sku", "quantity", "priceCents"}, …]}`, http.StatusBadRequest)
		return
	}
	total, problems := checkLines(order.Lines)
	if n := scaled(len(order.Lines), extra); n > 0 {
		lines := make([]orderLine, n)
		for i := range lines {
			lines[i] = order.Lines[i%len(order.Lines)]
		}
		var again struct{ Lines []orderLine }
		json.Unmarshal(mustMarshal(map[string]any{"lines": lines}), &again)
		more, _ := checkLines(again.Lines)
		sink.Add(uint64(more))
	}
	writeJSON(w, http.StatusOK, mustMarshal(map[string]any{"lines": len(order.Lines), "totalCents": total, "problems": problems}))
}
