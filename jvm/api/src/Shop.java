// The JVM reference service: the JDK's own HTTP server (com.sun.net.httpserver), no dependencies.
// Each handler is a named static method doing a few hundred microseconds of CPU work (inputs from
// fixed seeds), so a CPU profile names the handler whose work grew. CPU_WORK_PERCENT adds that much
// more of a handler's own work inside the handler method itself, on the route CPU_WORK_ROUTE names
// (k6's name tag, e.g. `POST /checkout`), or on every route when unset. The response does not change.

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

public final class Shop {
  static final List<String> ROUTES = List.of("GET /catalog", "GET /quote/:id", "POST /checkout");
  static double workPercent;
  static String workRoute = "";

  /** How many times a route repeats its own work: 1, plus the knob's share where it applies. */
  static double rounds(String route) {
    return 1 + (workRoute.isEmpty() || workRoute.equals(route) ? workPercent / 100 : 0);
  }

  /** A seeded pseudo-random sequence (xorshift32): the same inputs for every request of a route. */
  static final class Seeded {
    private int x;

    Seeded(int seed) {
      x = seed == 0 ? 1 : seed;
    }

    double next() {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return Integer.toUnsignedLong(x) / 4294967296.0;
    }
  }

  record Product(int id, String name, double price) {}

  static final Product[] PRODUCTS = new Product[2000];

  static {
    for (int i = 0; i < PRODUCTS.length; i++) {
      Seeded random = new Seeded(i + 1);
      String name = "product-" + i + "-" + (long) Math.floor(random.next() * 1e6);
      PRODUCTS[i] = new Product(i, name, Math.round(random.next() * 10000) / 100.0);
    }
  }

  /** GET /catalog?page=N: a page of 150 products, formatted and JSON-encoded. */
  static String renderCatalog(int page) {
    String body = "";
    double n = rounds("GET /catalog");
    for (int r = 0; r < n; r++) {
      int start = Math.floorMod(page * 150, PRODUCTS.length);
      int limit = (int) Math.min(150, Math.round((n - r) * 150)); // a fractional last round does part of a page
      StringBuilder json = new StringBuilder("{\"page\":").append(page).append(",\"items\":[");
      for (int i = 0; i < limit; i++) {
        Product p = PRODUCTS[(start + i) % PRODUCTS.length];
        if (i > 0) json.append(',');
        json.append("{\"id\":").append(p.id())
            .append(",\"name\":\"").append(p.name().toUpperCase())
            .append("\",\"price\":\"").append(String.format("%.2f", p.price()))
            .append("\",\"tags\":[").append(p.id() % 7).append(',').append(p.id() % 11).append("]}");
      }
      json.append("]}");
      if (r == 0) body = json.toString();
    }
    return body;
  }

  /** GET /quote/:id: a price quote from 40,000 steps of seeded arithmetic. */
  static String priceQuote(int id) {
    long quote = 0;
    double n = rounds("GET /quote/:id");
    for (int r = 0; r < n; r++) {
      Seeded random = new Seeded(id + 7);
      long total = 0;
      long steps = Math.round(Math.min(1, n - r) * 40000);
      for (long i = 0; i < steps; i++) total = (total * 31 + (long) Math.floor(random.next() * 1000)) % 1000003;
      if (r == 0) quote = total;
    }
    return "{\"id\":" + id + ",\"quote\":" + quote + "}";
  }

  static final Pattern LINE = Pattern.compile("\\{\"item\":(\\d+),\"quantity\":(\\d+)\\}");

  /** POST /checkout: prices an order's lines and checksums a 60,000-byte ledger derived from it. */
  static String checkout(String order) {
    int lines = 0;
    double total = 0;
    for (Matcher m = LINE.matcher(order); m.find(); lines++)
      total += PRODUCTS[Integer.parseInt(m.group(1)) % PRODUCTS.length].price() * Integer.parseInt(m.group(2));
    long checksum = 0;
    double n = rounds("POST /checkout");
    for (int r = 0; r < n; r++) {
      int hash = 0x811c9dc5;
      long bytes = Math.round(Math.min(1, n - r) * 60000);
      for (int i = 0; i < bytes; i++) {
        hash ^= (i * 131 + lines + (int) Math.round(total)) & 0xff;
        hash *= 16777619;
      }
      if (r == 0) checksum = Integer.toUnsignedLong(hash);
    }
    return "{\"lines\":" + lines + ",\"total\":" + Math.round(total * 100) / 100.0 + ",\"checksum\":" + checksum + "}";
  }

  static void send(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("content-type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  static final Pattern QUOTE = Pattern.compile("^/quote/(\\d+)$");

  static void route(HttpExchange exchange) throws IOException {
    String method = exchange.getRequestMethod();
    URI uri = exchange.getRequestURI();
    String path = uri.getPath();
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Matcher quote = QUOTE.matcher(path);
    if (method.equals("GET") && path.equals("/health")) send(exchange, 200, "{\"ok\":true}");
    else if (method.equals("GET") && path.equals("/catalog")) send(exchange, 200, renderCatalog(page(uri)));
    else if (method.equals("GET") && quote.matches())
      send(exchange, 200, priceQuote(Integer.parseInt(quote.group(1)) % 1_000_000));
    else if (method.equals("POST") && path.equals("/checkout")) send(exchange, 200, checkout(body));
    else send(exchange, 404, "{\"error\":\"no such route\"}");
  }

  static int page(URI uri) {
    String query = uri.getRawQuery() == null ? "" : uri.getRawQuery();
    Matcher m = Pattern.compile("(?:^|&)page=(\\d{1,6})(?:&|$)").matcher(query);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  /**
   * JDK 17 writes a perf map (/tmp/perf-<pid>.map: what the JIT compiled, address and name) only at
   * exit or when asked (`jcmd <pid> Compiler.perfmap`, a snapshot of the code cache). The service asks
   * itself through the same diagnostic command, each second in which the JIT compiled something, so a
   * profile taken while it runs names its Java methods; once the code settles, it writes no more.
   */
  static void keepPerfMap() {
    var compilation = ManagementFactory.getCompilationMXBean();
    Thread writer = new Thread(() -> {
      long written = -1;
      try {
        ObjectName command = new ObjectName("com.sun.management:type=DiagnosticCommand");
        var server = ManagementFactory.getPlatformMBeanServer();
        while (true) {
          long compiled = compilation.getTotalCompilationTime();
          if (compiled != written) {
            server.invoke(command, "compilerPerfmap", new Object[] {null}, new String[] {String[].class.getName()});
            written = compiled;
          }
          Thread.sleep(1000);
        }
      } catch (Exception e) {
        System.err.println("no perf map: " + e);
      }
    }, "perf-map");
    writer.setDaemon(true);
    writer.start();
  }

  static void readKnobs() {
    String percent = System.getenv().getOrDefault("CPU_WORK_PERCENT", "0");
    workRoute = System.getenv().getOrDefault("CPU_WORK_ROUTE", "");
    try {
      workPercent = percent.isEmpty() ? 0 : Double.parseDouble(percent);
    } catch (NumberFormatException e) {
      workPercent = -1;
    }
    if (!Double.isFinite(workPercent) || workPercent < 0) {
      System.err.println("CPU_WORK_PERCENT=" + percent + ": expected a number of percent, 0 or more");
      System.exit(2);
    }
    if (!workRoute.isEmpty() && !ROUTES.contains(workRoute)) {
      System.err.println("CPU_WORK_ROUTE=" + workRoute + ": expected one of " + String.join(", ", ROUTES));
      System.exit(2);
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("-health")) {
      // The Compose healthcheck: the image has no curl.
      var connection = (HttpURLConnection) URI.create("http://127.0.0.1:8080/health").toURL().openConnection();
      connection.setConnectTimeout(1000);
      System.exit(connection.getResponseCode() == 200 ? 0 : 1);
    }
    readKnobs();
    HttpServer server = HttpServer.create(new InetSocketAddress(8080), 256);
    server.createContext("/", exchange -> {
      try (exchange) {
        route(exchange);
      }
    });
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.start();
    keepPerfMap();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0)));
    System.out.println("listening on :8080");
  }
}
