"""The Python reference service: FastAPI on CPython 3.12+, one uvicorn worker.

Each handler calls a named function doing about a millisecond of CPU work on inputs from fixed
seeds, so a CPU profile names the function whose work grew. CPU_WORK_PERCENT adds that much more
of a function's own work inside the function itself, on the route CPU_WORK_ROUTE names (k6's name
tag, e.g. `POST /checkout`), or on every route when unset. BLOCKING_MS makes the route
BLOCKING_ROUTE names (every route when unset) call time.sleep in its async handler: the mistake
that stalls the event loop, and every other request with it. No knob changes a response.
"""

import os
import sys
import time

ROUTES = ("GET /catalog", "GET /quote/:id", "POST /checkout")


def knob_number(name: str) -> float:
    text = os.environ.get(name) or "0"
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if value < 0:
        sys.exit(f"{name}={text}: expected a number, 0 or more")
    return value


def knob_route(name: str) -> str:
    route = os.environ.get(name) or ""
    if route and route not in ROUTES:
        sys.exit(f"{name}={route}: expected one of {', '.join(ROUTES)}")
    return route


WORK_PERCENT = knob_number("CPU_WORK_PERCENT")
WORK_ROUTE = knob_route("CPU_WORK_ROUTE")
BLOCKING_MS = knob_number("BLOCKING_MS")
BLOCKING_ROUTE = knob_route("BLOCKING_ROUTE")


def rounds(route: str) -> float:
    """How many times a route repeats its own work: 1, plus the knob's share where it applies."""
    return 1 + (WORK_PERCENT / 100 if not WORK_ROUTE or WORK_ROUTE == route else 0)


def seeded(seed: int):
    """A seeded pseudo-random sequence (xorshift32): the same inputs for every request of a route."""
    x = seed & 0xFFFFFFFF or 1

    def draw() -> float:
        nonlocal x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        return x / 4294967296

    return draw


def make_product(i: int) -> dict:
    draw = seeded(i + 1)
    return {"id": i, "name": f"product-{i}-{int(draw() * 1e6)}", "price": round(draw() * 10000) / 100}


PRODUCTS = [make_product(i) for i in range(2000)]


def render_catalog(page: int) -> dict:
    """GET /catalog?page=N: a page of 40 products, formatted."""
    items: list = []
    n = rounds("GET /catalog")
    r = 0
    while r < n:
        start = (page * 40) % len(PRODUCTS)
        page_items = []
        for i in range(min(40, round((n - r) * 40))):  # a fractional last round does part of a page
            p = PRODUCTS[(start + i) % len(PRODUCTS)]
            page_items.append(
                {"id": p["id"], "name": p["name"].upper(), "price": f"{p['price']:.2f}", "tags": [p["id"] % 7, p["id"] % 11]}
            )
        if r == 0:
            items = page_items
        r += 1
    return {"page": page, "items": items}


def price_quote(quote_id: int) -> dict:
    """GET /quote/:id: a price quote from 2,000 steps of seeded arithmetic."""
    quote = 0
    n = rounds("GET /quote/:id")
    r = 0
    while r < n:
        draw = seeded(quote_id + 7)
        total = 0
        for _ in range(round(min(1, n - r) * 2000)):
            total = (total * 31 + int(draw() * 1000)) % 1000003
        if r == 0:
            quote = total
        r += 1
    return {"id": quote_id, "quote": quote}


def checkout(order: dict) -> dict:
    """POST /checkout: prices an order's lines and checksums a 4,000-byte ledger derived from it."""
    lines = order.get("lines") if isinstance(order.get("lines"), list) else []
    total = 0.0
    for line in lines:
        product = PRODUCTS[int(line.get("item", 0)) % len(PRODUCTS)]
        total += product["price"] * int(line.get("quantity", 0))
    checksum = 0
    n = rounds("POST /checkout")
    r = 0
    while r < n:
        digest = 2166136261
        for i in range(round(min(1, n - r) * 4000)):
            digest ^= (i * 131 + len(lines) + round(total)) & 0xFF
            digest = (digest * 16777619) & 0xFFFFFFFF
        if r == 0:
            checksum = digest
        r += 1
    return {"lines": len(lines), "total": round(total, 2), "checksum": checksum}


def write_audit_entry(route: str) -> None:
    """The blocking knob: a synchronous wait inside an async handler, as a blocking client would do."""
    if BLOCKING_MS > 0 and (not BLOCKING_ROUTE or BLOCKING_ROUTE == route):
        time.sleep(BLOCKING_MS / 1000)


def make_app():
    from fastapi import FastAPI, Request
    from fastapi.responses import JSONResponse

    app = FastAPI()

    @app.get("/health")
    async def health() -> dict:
        return {"ok": True}

    @app.get("/catalog")
    async def catalog(page: int = 0) -> dict:
        write_audit_entry("GET /catalog")
        return render_catalog(page)

    @app.get("/quote/{quote_id}")
    async def quote(quote_id: int) -> dict:
        write_audit_entry("GET /quote/:id")
        return price_quote(quote_id)

    @app.post("/checkout")
    async def checkout_route(request: Request):
        try:
            order = await request.json()
        except ValueError:
            return JSONResponse({"error": "the body is not JSON"}, status_code=400)
        write_audit_entry("POST /checkout")
        return checkout(order if isinstance(order, dict) else {})

    return app


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(make_app(), host="0.0.0.0", port=8080, log_level="warning", access_log=False)
