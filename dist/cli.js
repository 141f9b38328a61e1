#!/usr/bin/env node
import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  MAX_ARTIFACT_BYTES,
  NO_CONFIG_FILE,
  VERSION,
  builtInDefault,
  checkPushAccess,
  compareResults,
  comparisonSchema,
  defaultShiftRules,
  describeInput,
  findInvalidReasons,
  historyShifts,
  inputsIn,
  loadSettings,
  mergeSegments,
  parseDataDir,
  parseRunFile,
  readCalibration,
  readComparisonArtifact,
  readConfig,
  readRunFiles,
  readSegments,
  renderShiftTable,
  resultsFileSchema,
  runBenchmark,
  segmentBenchmarks,
  shiftRulesOf,
  storeRun,
  toRunRecord,
  writeComparisonArtifact,
  writeResults
} from "./chunks/chunk-CAC26FWN.js";
import {
  BENCHMARK_NAME,
  Git,
  LoadgateError,
  SettingsError,
  __toESM,
  betterWithinDelta,
  cleanupAll,
  erraticSeries,
  erraticText,
  errorMessage,
  escapeHtml,
  firstIssue,
  formatAlpha,
  formatChange,
  formatInterval,
  formatValue,
  installSignalHandlers,
  integer,
  intervalTitle,
  metricLabel,
  parseFailOn,
  parseFraction,
  probability,
  readRunContext,
  renderCalibrationText,
  renderFlameGraph,
  renderSummary,
  require_dist,
  seriesLabel,
  stopRun,
  thinSeries,
  thinSeriesText,
  track,
  withoutControlCharacters
} from "./chunks/chunk-GEZTANNZ.js";

// src/cli/index.ts
import { rm as rm2 } from "node:fs/promises";
import path11 from "node:path";
import os2 from "node:os";

// src/cli/flags.ts
var UNUSED = {
  compare: ["retention"],
  // record measures the head alone and stores it; calibrate measures the head against itself.
  record: ["baseline", "base-url"],
  calibrate: ["baseline", "base-url", "fail-on", "gh-pages-branch", "data-dir", "retention"]
};
function commandSettings(command) {
  return inputsIn("cli").filter((input) => !UNUSED[command].includes(input.name));
}
function settingFlags(command) {
  return Object.fromEntries(
    commandSettings(command).map((input) => [input.name, { type: "string" }])
  );
}

// src/cli/push-only.ts
import path2 from "node:path";

// src/modes/push-only.ts
import { readFile } from "node:fs/promises";
import path from "node:path";
async function pushSavedRun(options) {
  const record = await readSavedRun(options.file, options.branch);
  await checkPushAccess({ workspace: options.settings.workspace, branch: options.settings.ghPagesBranch });
  const stored = await storeRun(
    { settings: options.settings, reporter: options.reporter, forge: options.forge ?? null },
    record,
    path.dirname(options.file)
  );
  options.reporter.info(
    `${record.benchmark}: recorded the run of ${record.meta.head.sha.slice(0, 7)}; stored ${stored.path}`
  );
  return stored;
}
async function readSavedRun(file, branch) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new LoadgateError(`'${file}' cannot be read: expected the run file a failed record saved`);
  }
  const parsed = parseRunFile(text);
  if ("record" in parsed) return parsed.record;
  const results = resultsFileSchema.safeParse(jsonOrNull(text));
  if (results.success && results.data.mode === "record") {
    if (!branch)
      throw new LoadgateError(
        `'${file}' is a results file: check out the branch it was measured for and run again`
      );
    const { thresholds, erratic = [] } = results.data.settings;
    const record = toRunRecord(
      results.data,
      null,
      branch,
      shiftRulesOf({ thresholds, erratic }, defaultShiftRules().detector)
    );
    record.verdict = findInvalidReasons(results.data).length > 0 ? "INVALID" : null;
    return record;
  }
  throw new LoadgateError(
    `'${file}' is not a saved run: expected the run file a failed record saved, or the results.json of a record run (as a run file: ${parsed.reason})`
  );
}
function jsonOrNull(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// src/cli/args.ts
import { parseArgs } from "node:util";

// src/util/closest-name.ts
function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_2, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}
function closestName(typed, known) {
  if (!typed) return void 0;
  const prefixed = known.filter((name) => name.startsWith(typed));
  if (prefixed.length === 1) return prefixed[0];
  const limit = Math.max(1, Math.floor(typed.length / 3));
  let best;
  for (const name of known) {
    const distance = editDistance(typed, name);
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

// src/cli/args.ts
function parseCommandArgs(command, config) {
  try {
    return parseArgs(config);
  } catch (error) {
    throw usageError(error, command, Object.keys(config.options ?? {}));
  }
}
function usageError(error, command, knownFlags = []) {
  const code = error.code ?? "";
  if (!code.startsWith("ERR_PARSE_ARGS")) return error;
  const message = error.message;
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  const flag = quoted.split(" ")[0] ?? quoted;
  const help = `see 'loadgate ${command} --help'`;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const meant = closestName(flag.replace(/^-+/, "").split("=")[0], knownFlags);
    const suggestion = meant ? `did you mean '--${meant}'? ` : "";
    return new SettingsError(`Unknown flag '${flag}' for 'loadgate ${command}': ${suggestion}${help}`);
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL")
    return new SettingsError(`Unexpected argument '${flag}' for 'loadgate ${command}': ${help}`);
  if (message.includes("does not take an argument"))
    return new SettingsError(`Flag '${flag}' takes no value: ${help}`);
  if (message.includes("argument missing"))
    return new SettingsError(`Flag '${flag}' is missing its value: expected ${flag} VALUE`);
  return new SettingsError(`${message.split("\n")[0]}: ${help}`);
}
function asFlagError(error) {
  if (!(error instanceof SettingsError)) return error;
  const message = error.message.replace(/^Input '([a-z0-9-]+)'/, "Flag '--$1'");
  return message === error.message ? error : new SettingsError(message);
}

// src/cli/push-only.ts
function isPushOnly(args) {
  return args.some((arg) => arg === "--push-only" || arg.startsWith("--push-only="));
}
async function pushOnlyCommand(args, reporter) {
  const { values } = parseCommandArgs("record", {
    args,
    options: {
      "push-only": { type: "string" },
      "gh-pages-branch": { type: "string" },
      "data-dir": { type: "string" },
      retention: { type: "string" },
      config: { type: "string" }
    }
  });
  const cwd = process.cwd();
  const workspace = await new Git(cwd).tryRun(["rev-parse", "--show-toplevel"]) ?? "";
  if (!workspace) throw new SettingsError(`'${cwd}' is not inside a git repository: run it in a checkout`);
  const file = values["push-only"] ? path2.resolve(values["push-only"]) : "";
  if (!file) throw new SettingsError("Flag '--push-only' is missing its value: expected the saved run file");
  const config = values.config ? readConfig(values.config, workspace) : NO_CONFIG_FILE;
  const value = (name) => values[name] || config.shared[name] || builtInDefault(name);
  const branch = await new Git(workspace).tryRun(["symbolic-ref", "--quiet", "--short", "HEAD"]) ?? "";
  await pushSavedRun({
    file,
    branch,
    reporter,
    settings: {
      workspace,
      ghPagesBranch: value("gh-pages-branch"),
      dataDir: parseDataDir(value("data-dir"), builtInDefault("data-dir")),
      retention: integer("retention", value("retention"), 0, 1e6)
    }
  });
  return 0;
}

// src/cli/dashboard-command.ts
import { existsSync } from "node:fs";
import path6 from "node:path";

// src/cli/dashboard-server.ts
import { createServer } from "node:http";
import { readFile as readFile2, stat } from "node:fs/promises";
import path3 from "node:path";
var TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml"
};
async function serveDashboard(root, port = 0) {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    let file = path3.join(root, path3.normalize(pathname));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = path3.join(file, "index.html");
      const body = await readFile2(file);
      response.writeHead(200, { "content-type": TYPES[path3.extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return { url: `http://127.0.0.1:${actualPort}/`, server };
}

// src/cli/output.ts
import { writeFile } from "node:fs/promises";
import path5 from "node:path";

// node_modules/marked/lib/marked.esm.js
function G() {
  return { async: false, breaks: false, extensions: null, gfm: true, hooks: null, pedantic: false, renderer: null, silent: false, tokenizer: null, walkTokens: null };
}
var S = G();
function ue(l3) {
  S = l3;
}
var q = { exec: () => null };
function D(l3) {
  let e = [];
  return (t) => {
    let n = Math.max(0, Math.min(3, t - 1)), r = e[n];
    return r || (r = l3(n), e[n] = r), r;
  };
}
function g(l3, e = "") {
  let t = typeof l3 == "string" ? l3 : l3.source, n = { replace: (r, s) => {
    let o = typeof s == "string" ? s : s.source;
    return o = o.replace(O.caret, "$1"), t = t.replace(r, o), n;
  }, getRegex: () => new RegExp(t, e) };
  return n;
}
var _e = ((l3 = "") => {
  try {
    return !!new RegExp("(?<=1)(?<!1)" + l3);
  } catch {
    return false;
  }
})();
var O = { codeRemoveIndent: /^(?: {0,3}\t| {1,4})/gm, listInterruptsParagraph: /^ {0,3}(?:[*+-]|1[.)])[ \t]+[^ \t\n]/, outputLinkReplace: /\\([\[\]])/g, indentCodeCompensation: /^(\s+)(?:```)/, beginningSpace: /^\s+/, endingHash: /#$/, startingSpaceChar: /^ /, endingSpaceChar: / $/, endingSpaceTabChar: /[ \t]$/, nonSpaceChar: /[^ ]/, newLineCharGlobal: /\n/g, tabCharGlobal: /\t/g, leadingSpaceTab: /^[ \t]+/, multipleSpaceGlobal: /\s+/g, blankLine: /^[ \t]*$/, doubleBlankLine: /\n[ \t]*\n[ \t]*$/, blockquoteStart: /^ {0,3}>/, blockquoteSetextReplace: /\n {0,3}((?:=+|-+)[ \t]*)(?=\n|$)/g, blockquoteSetextReplace2: /^ {0,3}>[ \t]?/gm, blockquoteMarkerWhitespace: /^( {0,3}>)(\t[ \t]*)/gm, nestedBlockMarker: /^ {0,3}(?:(?:[*+-]|\d{1,9}[.)])(?: |$)|> ?)/, listReplaceNesting: /^ {1,4}(?=( {4})*[^ ])/g, listIsTask: /^\[[ xX]\][ \t]+\S/, listReplaceTask: /^\[[ xX]\][ \t]+/, listTaskCheckbox: /\[[ xX]\]/, anyLine: /\n.*\n/, hrefBrackets: /^<(.*)>$/, tableDelimiter: /[:|]/, tableAlignChars: /^\||\| *$/g, tableRowBlankLine: /\n[ \t]*$/, tableAlignRight: /^ *-+: *$/, tableAlignCenter: /^ *:-+: *$/, tableAlignLeft: /^ *:-+ *$/, startATag: /^<a /i, endATag: /^<\/a>/i, startPreScriptTag: /^<(pre|code|kbd|script)(\s|>)/i, endPreScriptTag: /^<\/(pre|code|kbd|script)(\s|>)/i, startAngleBracket: /^</, endAngleBracket: />$/, pedanticHrefTitle: /^([^'"]*[^\s])\s+(['"])(.*)\2/, unicodeAlphaNumeric: /[\p{L}\p{N}]/u, numericCharacterReference: /&#(?:(\d{1,7})|[Xx]([A-Fa-f0-9]{1,6}));/, numericCharacterReferenceOrAmpersand: /&#(?:(\d{1,7})|[Xx]([A-Fa-f0-9]{1,6}));|&(?!(#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g, escapeTest: /[&<>"']/, escapeReplace: /[&<>"']/g, escapeTestNoEncode: /[<>"']|&(?!(#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/, escapeReplaceNoEncode: /[<>"']|&(?!(#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g, caret: /(^|[^\[])\^/g, percentDecode: /%25/g, findPipe: /\|/g, splitPipe: / \|/, slashPipe: /\\\|/g, carriageReturn: /\r\n|\r/g, spaceLine: /^ +$/gm, notSpaceStart: /^\S*/, endingNewline: /\n$/, listItemRegex: (l3) => new RegExp(`^( {0,3}${l3})((?:[	 ][^\\n]*)?(?:\\n|$))`), nextBulletRegex: D((l3) => new RegExp(`^ {0,${l3}}(?:[*+-]|\\d{1,9}[.)])((?:[ 	][^\\n]*)?(?:\\n|$))`)), hrRegex: D((l3) => new RegExp(`^ {0,${l3}}((?:-[ 	]*){3,}|(?:_[ 	]*){3,}|(?:\\*[ 	]*){3,})(?:\\n+|$)`)), fencesBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}(?:\`\`\`|~~~)`)), headingBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}#{1,6}(?:\\s|$)`)), pedanticHeadingBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}#`)), htmlBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}(?:</?(?:${he})(?:[ \\t]+|$|/?>)|<(?:(?:script|pre|style|textarea)(?:[\\s>]|$)|!--)|<\\?|<![A-Za-z]|<!\\[CDATA\\[)`, "i")), blockquoteBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}>`)), nestedContainerMarkers: /^(?: {0,3}(?:(?:[*+-]|\d{1,9}[.)])[ \t]+|>[ \t]?))+/ };
var Ge = /^(?:[ \t]*(?:\n|$))+/;
var Ne = /^((?: {4}| {0,3}\t)[^\n]+(?:\n(?:[ \t]*(?:\n|$))*)?)+/;
var Fe = /^ {0,3}(`{3,}(?=[^`\n]*(?:\n|$))|~{3,})([^\n]*)(?:\n|$)(?:|([\s\S]*?)(?:\n|$))(?: {0,3}(?:(?=`)\1`*|(?=~)\1~*) *(?=\n|$)|$)/;
var V = /^ {0,3}((?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n+|$)/;
var Qe = /^ {0,3}(#{1,6})(?=\s|$)(.*)(?:\n+|$)/;
var ce = / {0,3}(?:[*+-]|\d{1,9}[.)])/;
var he = "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul";
var J = g(" {0,3}(?:</?(?:tag)(?:[ \\t]+|\\n|/?>)|<(?:(?:script|pre|style|textarea)(?:[\\s>]|$)|!--)|<\\?|<![A-Za-z]|<!\\[CDATA\\[)").replace("tag", he).getRegex();
var $e = /^(?!bull |blockCode|fences|blockquote|heading|html|table)((?:.|\n(?!\s*?\n|bull |fences|blockquote|heading|hr|html|table))+?)\n {0,3}(=+|-+)[ \t]*(?:\n+|$)/;
var Le = g($e).replace(/bull/g, ce).replace(/blockCode/g, /(?: {4}| {0,3}\t)/).replace(/fences/g, / {0,3}(?:`{3,}|~{3,})/).replace(/blockquote/g, / {0,3}>/).replace(/heading/g, / {0,3}#{1,6}(?:\s|$)/).replace(/hr/g, / {0,3}(?:(?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n+|$)/).replace(/\|table/g, "").replace(/html/g, J).getRegex();
var We = g($e).replace(/bull/g, ce).replace(/blockCode/g, /(?: {4}| {0,3}\t)/).replace(/fences/g, / {0,3}(?:`{3,}|~{3,})/).replace(/blockquote/g, / {0,3}>/).replace(/heading/g, / {0,3}#{1,6}(?:\s|$)/).replace(/hr/g, / {0,3}(?:(?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n+|$)/).replace(/table/g, / {0,3}\|?(?:[:\- ]*\|)+[\:\- ]*\n/).replace(/html/g, J).getRegex();
var de = /^([^\n]+(?:\n(?!hr|heading|lheading|blockquote|fences|list|html|table|[ \t]+\n)[^\n]+)*)/;
var Ue = /^[^\n]+/;
var ge = /(?!\s*\])(?:\\[\s\S]|[^\[\]\\\n]|\n(?![ \t]*\n))+/;
var Ke = g(/^ {0,3}\[(label)\]: *(?:\n[ \t]*)?([^<\s][^\s]*|<(?:\\.|[^\n<>\\])*>)(?:(?: +(?:\n[ \t]*)?| *\n[ \t]*)(title))? *(?:\n+|$)/).replace("label", ge).replace("title", /(?:"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\\n]|\n(?!\n))*'|\((?:\\[\s\S]|[^()\\])*\))/).getRegex();
var Xe = g(/^(bull)([ \t][^\n]*?)?(?:\n|$)/).replace(/bull/g, ce).getRegex();
var ke = /<!--(?:-?>|[\s\S]*?(?:-->|$))/;
var Ve = g("^ {0,3}(?:<(script|pre|style|textarea)[\\s>][\\s\\S]*?(?:</\\1>[^\\n]*\\n*|$)|comment[^\\n]*(\\n+|$)|<\\?[\\s\\S]*?(?:\\?>[^\\n]*\\n*|$)|<![A-Z][\\s\\S]*?(?:>[^\\n]*\\n*|$)|<!\\[CDATA\\[[\\s\\S]*?(?:\\]\\]>[^\\n]*\\n*|$)|</?(tag)(?:[ \\t]+|\\n|/?>|$)[\\s\\S]*?(?:(?:\\n[ 	]*)+\\n|$)|<(?!(?:script|pre|style|textarea)(?![a-z0-9-]))([a-z][a-z0-9-]*)(?:attribute)*?[ \\t]*/?>(?=[ \\t]*(?:\\n|$))[\\s\\S]*?(?:(?:\\n[ 	]*)+\\n|$)|</[a-z][a-z0-9-]*\\s*>(?=[ \\t]*(?:\\n|$))[\\s\\S]*?(?:(?:\\n[ 	]*)+\\n|$))", "i").replace("comment", ke).replace("tag", he).replace("attribute", /[ \t]+[a-zA-Z:_][\w.:-]*(?:[ \t]*=[ \t]*"[^"\n]*"|[ \t]*=[ \t]*'[^'\n]*'|[ \t]*=[ \t]*[^\s"'=<>`]+)?/).getRegex();
var Ce = (l3) => g(de).replace("hr", V).replace("heading", " {0,3}#{1,6}(?:\\s|$)").replace("|lheading", "").replace("|table", "").replace("blockquote", " {0,3}>").replace("fences", " {0,3}(?:`{3,}(?=[^`\\n]*(?:\\n|$))|~~~)[^\\n]*(?:\\n|$)").replace("list", l3).replace("html", J).getRegex();
var Je = Ce(/ {0,3}(?:[*+-]|1[.)])[ \t]+[^ \t\n]/);
var Ye = Ce(/ {0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]|\n|$)/);
var et = g(/^( {0,3}> ?(?:(?![ \t]*(?:\n|$))(paragraph)|[^\n]*)(?:\n|$))+/).replace("paragraph", Ye).getRegex();
var fe = { blockquote: et, code: Ne, def: Ke, fences: Fe, heading: Qe, hr: V, html: Ve, lheading: Le, list: Xe, newline: Ge, paragraph: Je, table: q, text: Ue };
var Pe = g("^ *([^\\n ].*)\\n {0,3}((?:\\| *)?:?-+:? *(?:\\| *:?-+:? *)*(?:\\| *)?)(?:\\n((?:(?! *\\n|hr|heading|blockquote|code|fences|list|html).*(?:\\n|$))*)\\n*|$)").replace("hr", V).replace("heading", " {0,3}#{1,6}(?:\\s|$)").replace("blockquote", " {0,3}>").replace("code", "(?: {4}| {0,3}	)[^\\n]").replace("fences", " {0,3}(?:`{3,}(?=[^`\\n]*(?:\\n|$))|~~~)[^\\n]*(?:\\n|$)").replace("list", " {0,3}(?:[*+-]|1[.)])[ \\t]").replace("html", J).getRegex();
var tt = { ...fe, lheading: We, table: Pe, paragraph: g(de).replace("hr", V).replace("heading", " {0,3}#{1,6}(?:\\s|$)").replace("|lheading", "").replace("table", Pe).replace("blockquote", " {0,3}>").replace("fences", " {0,3}(?:`{3,}(?=[^`\\n]*(?:\\n|$))|~~~)[^\\n]*(?:\\n|$)").replace("list", " {0,3}(?:[*+-]|1[.)])[ \\t]+[^ \\t\\n]").replace("html", J).getRegex() };
var nt = { ...fe, html: g(`^ *(?:comment(?: *\\n|\\s*$)|<(tag)[\\s\\S]+?</\\1>(?: *\\n{2,}|\\s*$)|<tag(?:"[^"]*"|'[^']*'|\\s[^'"/>\\s]*)*?/?>(?: *\\n{2,}|\\s*$))`).replace("comment", ke).replace(/tag/g, "(?!(?:a|em|strong|small|s|cite|q|dfn|abbr|data|time|code|var|samp|kbd|sub|sup|i|b|u|mark|ruby|rt|rp|bdi|bdo|span|br|wbr|ins|del|img)\\b)\\w+(?!:|[^\\w\\s@]*@)\\b").getRegex(), def: /^ *\[([^\]]+)\]: *<?([^\s>]+)>?(?: +(["(][^\n]+[")]))? *(?:\n+|$)/, heading: /^(#{1,6})(.*)(?:\n+|$)/, fences: q, lheading: /^(.+?)\n {0,3}(=+|-+) *(?:\n+|$)/, paragraph: g(de).replace("hr", V).replace("heading", ` *#{1,6} *[^
]`).replace("|table", "").replace("blockquote", " {0,3}>").replace("|fences", "").replace("|list", "").replace("|html", "").replace("|tag", "").replace("lheading", Le).getRegex() };
var rt = /^\\([!"#$%&'()*+,\-./:;<=>?@\[\]\\^_`{|}~])/;
var st = /^(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/;
var Ie = /^( {2,}|\\)\n(?!\s*$)[ \t]*/;
var it = /^(`+|[^`])(?:(?= {2,}\n)|[\s\S]*?(?:(?=[\\<!\[`*_]|\b_|$)|[^ ](?= {2,}\n)))/;
var L = /[\p{P}\p{S}]/u;
var N = /[\s\p{P}\p{S}]/u;
var Y = /[^\s\p{P}\p{S}]/u;
var ot = g(/^((?![*_])punctSpace)/, "u").replace(/punctSpace/g, N).getRegex();
var at = /[\p{Pi}\p{Ps}"']/u;
var Ae = /(?!~)[\p{P}\p{S}]/u;
var lt = /(?!~)[\s\p{P}\p{S}]/u;
var ut = /(?:[^\s\p{P}\p{S}]|~)/u;
var pt = g(/link|precode-code|html/, "g").replace("link", /\[(?:[^\[\]`]|(?<a>`+)[^`]+\k<a>(?!`))*?\]\((?:\\[\s\S]|[^\\\(\)]|\((?:\\[\s\S]|[^\\\(\)])*\))*\)/).replace("precode-", _e ? "(?<!`)()" : "(^^|[^`])").replace("code", /(?<b>`+)[^`]+\k<b>(?!`)/).replace("html", /<(?! )[^<>]*?>/).getRegex();
var Ee = /^(?:\*+(?:((?!\*)punct)|([^\s*]))?)|^_+(?:((?!_)punct)|([^\s_]))?/;
var ct = g(Ee, "u").replace(/punct/g, L).getRegex();
var ht = g(Ee, "u").replace(/punct/g, Ae).getRegex();
var dt = /^(?:\*+(?:((?!\*)(?!openQuote)punct)|([^\s*]))?)|^_+(?:((?!_)(?!openQuote)punct)|([^\s_]))?/;
var gt = g(dt, "u").replace(/openQuote/g, at).replace(/punct/g, L).getRegex();
var ze = "^[^_*]*?__[^_*]*?\\*[^_*]*?(?=__)|[^*]+(?=[^*])|(?!\\*)punct(\\*+)(?=[\\s]|$)|notPunctSpace(\\*+)(?!\\*)(?=punctSpace|$)|(?!\\*)punctSpace(\\*+)(?=notPunctSpace)|[\\s](\\*+)(?!\\*)(?=punct)|(?!\\*)punct(\\*+)(?!\\*)(?=punct)|notPunctSpace(\\*+)(?=notPunctSpace)";
var kt = g(ze, "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var ft = g(ze, "gu").replace(/notPunctSpace/g, ut).replace(/punctSpace/g, lt).replace(/punct/g, Ae).getRegex();
var mt = "^[^_*]*?__[^_*]*?\\*[^_*]*?(?=__)|[^*]+(?=[^*])|(?!\\*)punct(\\*+)(?=[\\s]|$)|notPunctSpace(\\*+)(?!\\*)(?=punctSpace|$)|(?!\\*)[\\s](\\*+)(?=notPunctSpace)|[\\s](\\*+)(?!\\*)(?=punct)|(?!\\*)punct(\\*+)(?!\\*)(?=punct)|(?:(?!\\*)punct|notPunctSpace)(\\*+)(?!\\*)(?=notPunctSpace)";
var xt = g(mt, "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var bt = g("^[^_*]*?\\*\\*[^_*]*?_[^_*]*?(?=\\*\\*)|[^_]+(?=[^_])|(?!_)punct(_+)(?=[\\s]|$)|notPunctSpace(_+)(?!_)(?=punctSpace|$)|(?!_)punctSpace(_+)(?=notPunctSpace)|[\\s](_+)(?!_)(?=punct)|(?!_)punct(_+)(?!_)(?=punct)", "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var Rt = "^[^_*]*?\\*\\*[^_*]*?_[^_*]*?(?=\\*\\*)|[^_]+(?=[^_])|(?!_)punct(_+)(?=[\\s]|$)|notPunctSpace(_+)(?!_)(?=punctSpace|$)|(?!_)[\\s](_+)(?=notPunctSpace)|[\\s](_+)(?!_)(?=punct)|(?!_)punct(_+)(?!_)(?=punct)|(?:(?!_)punct|notPunctSpace)(_+)(?!_)(?=notPunctSpace)";
var Tt = g(Rt, "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var Ot = g(/^~~?(?:((?!~)punct)|[^\s~])/, "u").replace(/punct/g, L).getRegex();
var wt = "^[^~]+(?=[^~])|(?!~)punct(~~?)(?=[\\s]|$)|notPunctSpace(~~?)(?!~)(?=punctSpace|$)|(?!~)punctSpace(~~?)(?=notPunctSpace)|[\\s](~~?)(?!~)(?=punct)|(?!~)punct(~~?)(?!~)(?=punct)|notPunctSpace(~~?)(?=notPunctSpace)";
var Pt = g(wt, "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var yt = g(/\\(punct)/, "gu").replace(/punct/g, L).getRegex();
var St = g(/(`+)(?:[^`]|[^`][\s\S]*?[^`])\1(?!`)|`+|\\(punct)/, "gu").replace(/punct/g, L).getRegex();
var _t = g(/^<(scheme:[^\s\x00-\x1f<>]*|email)>/).replace("scheme", /[a-zA-Z][a-zA-Z0-9+.-]{1,31}/).replace("email", /[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+(@)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+(?![-_])/).getRegex();
var $t = g(ke).replace("(?:-->|$)", "-->").getRegex();
var Lt = g("^comment|^</[a-zA-Z][a-zA-Z0-9-]*\\s*>|^<[a-zA-Z][a-zA-Z0-9-]*(?:attribute)*?\\s*/?>|^<\\?[\\s\\S]*?\\?>|^<![a-zA-Z]+\\s[\\s\\S]*?>|^<!\\[CDATA\\[[\\s\\S]*?\\]\\]>").replace("comment", $t).replace("attribute", /\s+[a-zA-Z:_][\w.:-]*(?:\s*=\s*"[^"]*"|\s*=\s*'[^']*'|\s*=\s*[^\s"'=<>`]+)?/).getRegex();
var Me = /\[(?:\\[\s\S]|[^\[\]\\])*\]/;
var ie = g(/(?:\[(?:brackets|\\[\s\S]|[^\[\]\\])*\]|\\[\s\S]|`+(?!`)[^`]*?`+(?!`)|``+(?=\])|[^\[\]\\`])*?/).replace("brackets", Me).getRegex();
var Ct = g(/^!?\[(label)\]\([ \t\n]*(href)(?:(?:[ \t]+(?:\n[ \t]*)?|\n[ \t]*)(title))?[ \t\n]*\)/).replace("label", ie).replace("href", /<(?:\\.|[^\n<>\\])*>|(?!<)[^ \t\n\x00-\x1f]+|(?=\))/).replace("title", /"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\])*'|\((?:\\[\s\S]|[^)\\])*\)/).getRegex();
var It = g(/^!?\[(label)\]\[(ref)\]/).replace("label", ie).replace("ref", ge).getRegex();
var At = g(/^!?\[(ref)\](?:\[\])?/).replace("ref", ge).getRegex();
var ye = /(?!\s*\])(?:\\[\s\S]|[^\[\]\\]){1,999}/;
var Et = g(/(?:[^\[\]\\`]*(?:\[(?:brackets|\\[\s\S]|[^\[\]\\])*\]|\\[\s\S]|`+(?!`)[^`]*?`+(?!`)|``+(?=\]))){0,999}?[^\[\]\\`]*?/).replace("brackets", Me).getRegex();
var zt = g("reflink|nolink(?!\\()", "g").replace("reflink", g(/^!?\[(label)\]\[(ref)\]/).replace("label", Et).replace("ref", ye).getRegex()).replace("nolink", g(/^!?\[(ref)\](?:\[\])?/).replace("ref", ye).getRegex()).getRegex();
var Se = /[hH][tT][tT][pP][sS]?|[fF][tT][pP]/;
var Mt = /[A-Za-z0-9._+-]+@[a-zA-Z0-9-_]+(?:\.[a-zA-Z0-9-_]*[a-zA-Z0-9])+(?![\w-])/;
var Bt = g(/(?:mailto:email|xmpp:email(?:\/[A-Za-z0-9@.]+)?)/).replace(/email/g, Mt).getRegex();
var me = { _backpedal: q, anyPunctuation: yt, anyPunctuationOutsideCode: St, autolink: _t, blockSkip: pt, br: Ie, code: st, del: q, delLDelim: q, delRDelim: q, emStrongLDelim: ct, emStrongRDelimAst: kt, emStrongRDelimUnd: bt, escape: rt, link: Ct, nolink: At, punctuation: ot, reflink: It, reflinkSearch: zt, tag: Lt, text: it, url: q };
var Dt = { ...me, emStrongLDelim: gt, emStrongRDelimAst: xt, emStrongRDelimUnd: Tt, link: g(/^!?\[(label)\]\((.*?)\)/).replace("label", ie).getRegex(), reflink: g(/^!?\[(label)\]\s*\[([^\]]*)\]/).replace("label", ie).getRegex() };
var pe = { ...me, emStrongRDelimAst: ft, emStrongLDelim: ht, delLDelim: Ot, delRDelim: Pt, url: g(/^emailProtocol|^((?:protocol):\/\/|www\.)(?:[a-zA-Z0-9\-]+\.?)+[^\s<]*|^email/).replace("emailProtocol", Bt).replace("protocol", Se).replace("email", /[A-Za-z0-9._+-]+(@)[a-zA-Z0-9-_]+(?:\.[a-zA-Z0-9-_]*[a-zA-Z0-9])+(?![\w-])/).getRegex(), _backpedal: /(?:[^?!.,:;*_'"~()&]+|\([^)]*\)|&(?![a-zA-Z0-9]+;$)|[?!.,:;*_'"~)]+(?!$))+/, del: /^(~~?)(?=[^\s~])((?:\\[\s\S]|[^\\])*?(?:\\[\s\S]|[^\s~\\]))\1(?=[^~]|$)/, text: g(/^(?:[^a-zA-Z0-9](?=emailProtocol)|(`+|~+|[^`~])(?:(?=[`~])|(?= {2,}\n)|(?=[a-zA-Z0-9.!#$%&'*+\/=?_`{\|}~-]+@)|[\s\S]*?(?:(?=[\\<!\[`*~_]|\b_|protocol:\/\/|wwwStart|$)|[^ ](?= {2,}\n)|[^a-zA-Z0-9](?=emailProtocol)|[^a-zA-Z0-9.!#$%&'*+\/=?_`{\|}~-](?=[a-zA-Z0-9.!#$%&'*+\/=?_`{\|}~-]+@))))/).replace("protocol", Se).replace(/emailProtocol/g, /(?:mailto|xmpp):/).replace("wwwStart", _e ? "(?<![^\\s*_~(])www\\." : "www\\.").getRegex() };
var qt = { ...pe, br: g(Ie).replace("{2,}", "*").getRegex(), text: g(pe.text).replace("\\b_", "\\b_| {2,}\\n").replace(/\{2,\}/g, "*").getRegex() };
var ee = { normal: fe, gfm: tt, pedantic: nt };
var F = { normal: me, gfm: pe, breaks: qt, pedantic: Dt };
var vt = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
var Be = (l3) => vt[l3];
function y(l3, e) {
  if (e) {
    if (O.escapeTest.test(l3)) return l3.replace(O.escapeReplace, Be);
  } else if (O.escapeTestNoEncode.test(l3)) return l3.replace(O.escapeReplaceNoEncode, Be);
  return l3;
}
function De(l3) {
  return O.numericCharacterReference.test(l3) ? l3.replace(O.numericCharacterReferenceOrAmpersand, (e, t, n) => {
    if (t === void 0 && n === void 0) return "&amp;";
    let r = t === void 0 ? Number.parseInt(n, 16) : Number.parseInt(t, 10);
    return r === 0 || r > 1114111 || r >= 55296 && r <= 57343 ? "\uFFFD" : r === 38 ? "&amp;" : String.fromCodePoint(r);
  }) : l3;
}
function xe(l3) {
  try {
    l3 = encodeURI(l3).replace(O.percentDecode, "%");
  } catch {
    return null;
  }
  return l3;
}
function be(l3, e) {
  let t = l3.replace(O.findPipe, (s, o, i) => {
    let a = false, c = o;
    for (; --c >= 0 && i[c] === "\\"; ) a = !a;
    return a ? "|" : " |";
  }), n = t.split(O.splitPipe), r = 0;
  if (n[0].trim() || n.shift(), n.length > 0 && !n.at(-1)?.trim() && n.pop(), e) if (n.length > e) n.splice(e);
  else for (; n.length < e; ) n.push("");
  for (; r < n.length; r++) n[r] = n[r].trim().replace(O.slashPipe, "|");
  return n;
}
function C(l3, e, t) {
  let n = l3.length;
  if (n === 0) return "";
  let r = 0;
  for (; r < n; ) {
    let s = l3.charAt(n - r - 1);
    if (s === e && !t) r++;
    else if (s !== e && t) r++;
    else break;
  }
  return l3.slice(0, n - r);
}
function Re(l3) {
  let e = l3.split(`
`), t = e.length - 1;
  for (; t >= 0 && O.blankLine.test(e[t]); ) t--;
  return e.length - t <= 2 ? l3 : e.slice(0, t + 1).join(`
`);
}
function W(l3) {
  return l3.trim().replace(O.multipleSpaceGlobal, " ").toLowerCase().toUpperCase().toLowerCase();
}
function Te(l3, e) {
  if (l3.indexOf(e[0]) === -1 && l3.indexOf(e[1]) === -1) return -1;
  let t = 0;
  for (let n = 0; n < l3.length; n++) if (l3[n] === "\\") n++;
  else if (l3[n] === e[0]) t++;
  else if (l3[n] === e[1] && (t--, t < 0)) return n;
  return t > 0 ? -2 : -1;
}
var Q = /* @__PURE__ */ new WeakMap();
function Oe(l3) {
  let e = { "*": -1, _: -1 }, t = -1, n = l3.length;
  for (let r = 0; r < n; r++) {
    let s = l3[r];
    if (s !== "*" && s !== "_" && s !== "~") continue;
    let o = r === 0 ? `
` : l3[r - 1], i = r + 1;
    for (; i < n && l3[i] === s; ) i++;
    o !== " " && o !== "	" && o !== `
` && o !== "\r" && o !== "\f" && (s === "~" ? t = r : e[s] = r), r = i - 1;
  }
  return { maskedSrc: l3, lastPossibleEmStrongCloserIndex: e, lastPossibleDelCloserIndex: t };
}
function qe(l3, e) {
  let t = Oe(e), n = Q.get(l3);
  n ? n.push(t) : Q.set(l3, [t]);
}
function ve(l3) {
  let e = Q.get(l3);
  e && (e.pop(), e.length === 0 && Q.delete(l3));
}
function oe(l3, e, t) {
  let n = Q.get(l3)?.at(-1);
  return n && n.maskedSrc === e ? n.lastPossibleEmStrongCloserIndex[t] : Oe(e).lastPossibleEmStrongCloserIndex[t];
}
function ae(l3, e) {
  let t = Q.get(l3)?.at(-1);
  return t && t.maskedSrc === e ? t.lastPossibleDelCloserIndex : Oe(e).lastPossibleDelCloserIndex;
}
function te(l3, e = 0) {
  let t = e, n = "";
  for (let r of l3) if (r === "	") {
    let s = 4 - t % 4;
    n += " ".repeat(s), t += s;
  } else n += r, t++;
  return n;
}
function Ht(l3, e) {
  let t = "";
  for (let n = 0; n < l3.length; n++) {
    if (l3[n] === "`") {
      let r = e.inline.code.exec(l3.slice(n));
      if (r) {
        t += r[0], n += r[0].length - 1;
        continue;
      }
    }
    if (l3[n] === "\\" && (l3[n + 1] === "[" || l3[n + 1] === "]")) {
      t += l3[n + 1], n++;
      continue;
    }
    t += l3[n];
  }
  return t;
}
function He(l3, e, t, n, r) {
  let s = e.href, o = e.title || null, i = Ht(l3[1], r), a = l3[0].charAt(0) === "!", c = n.state.inLink, u = n.state.linkEmitted, d = n.state.inRawBlock;
  n.state.inLink = true, n.state.linkEmitted = false;
  let h = n.inlineTokens(i), p = n.state.linkEmitted;
  if (n.state.linkEmitted = u, n.state.inLink = c, !a) {
    if (p) {
      n.state.inRawBlock = d;
      return;
    }
    n.state.linkEmitted = true;
  }
  return { type: a ? "image" : "link", raw: t, href: s, title: o, text: i, tokens: h };
}
function Zt(l3, e, t) {
  let n = l3.match(t.other.indentCodeCompensation);
  if (n === null) return e;
  let r = n[1];
  return e.split(`
`).map((s) => {
    let o = s.match(t.other.beginningSpace);
    if (o === null) return s;
    let [i] = o;
    return s.slice(Math.min(i.length, r.length));
  }).join(`
`);
}
function Ze(l3, e, t, n) {
  if (!e.includes("<")) return false;
  for (let r = 0; r < e.length; r++) {
    if (e[r] === "\\") {
      r++;
      continue;
    }
    if (e[r] === "`") {
      let i = n.inline.code.exec(e.slice(r));
      if (i) {
        r += i[0].length - 1;
        continue;
      }
    }
    if (e[r] !== "<") continue;
    let s = l3.slice(t + r), o = n.inline.tag.exec(s) || n.inline.autolink.exec(s);
    if (o) {
      if (o[0].length > e.length - r) return true;
      r += o[0].length - 1;
    }
  }
  return false;
}
var _ = class {
  options;
  rules;
  lexer;
  constructor(e) {
    this.options = e || S;
  }
  space(e) {
    let t = this.rules.block.newline.exec(e);
    if (t && t[0].length > 0) return { type: "space", raw: t[0] };
  }
  code(e) {
    let t = this.rules.block.code.exec(e);
    if (t) {
      let n = this.options.pedantic ? t[0] : Re(t[0]), r = n.replace(this.rules.other.codeRemoveIndent, "");
      return { type: "code", raw: n, codeBlockStyle: "indented", text: r };
    }
  }
  fences(e) {
    let t = this.rules.block.fences.exec(e);
    if (t) {
      let n = t[0], r = Zt(n, t[3] || "", this.rules);
      return t[3] !== void 0 && (r === "" || r.endsWith(`
`)) && (r += `
`), { type: "code", raw: n, lang: t[2] ? t[2].trim().replace(this.rules.inline.anyPunctuation, "$1") : t[2], text: r };
    }
  }
  heading(e) {
    let t = this.rules.block.heading.exec(e);
    if (t) {
      let n = t[2].trim();
      if (this.rules.other.endingHash.test(n)) {
        let r = C(n, "#");
        (this.options.pedantic || !r || this.rules.other.endingSpaceTabChar.test(r)) && (n = r.trim());
      }
      return { type: "heading", raw: C(t[0], `
`), depth: t[1].length, text: n, tokens: this.lexer.inline(n) };
    }
  }
  hr(e) {
    let t = this.rules.block.hr.exec(e);
    if (t) return { type: "hr", raw: C(t[0], `
`) };
  }
  blockquote(e) {
    let t = this.rules.block.blockquote.exec(e);
    if (t) {
      let n = C(t[0], `
`).split(`
`), r = "", s = "", o = [];
      for (; n.length > 0; ) {
        let i = false, a = [], c;
        for (c = 0; c < n.length; c++) if (this.rules.other.blockquoteStart.test(n[c])) a.push(n[c]), i = true;
        else if (!i) a.push(n[c]);
        else break;
        n = n.slice(c);
        let u = a.join(`
`), d = u.replace(this.rules.other.blockquoteMarkerWhitespace, (k, m, b) => b.startsWith(" ") ? m + " " + b.slice(1) : m + te(b, m.length)).replace(this.rules.other.blockquoteSetextReplace, `
    $1`).replace(this.rules.other.blockquoteSetextReplace2, "");
        r = r ? `${r}
${u}` : u, s = s ? `${s}
${d}` : d;
        let h = this.lexer.state.top;
        if (this.lexer.state.top = true, this.lexer.blockTokens(d, o, true), this.lexer.state.top = h, n.length === 0) break;
        let p = o.at(-1);
        if (p?.type === "code" || p?.type === "heading" || p?.type === "hr" || p?.type === "html" || p?.type === "table") break;
        if (p?.type === "blockquote") {
          let k = p, m = n.join(`
`), b = k.raw + `
` + m.replace(this.rules.other.blockquoteSetextReplace2, ""), f = this.blockquote(b);
          o[o.length - 1] = f;
          let R = b.substring(f.raw.length).replace(/^\n/, ""), E = R ? R.split(`
`).length : 0, T = E ? n.slice(0, -E) : n;
          if (T.length > 0 && (r = `${r}
${T.join(`
`)}`), s = s.substring(0, s.length - k.text.length) + f.text, n = n.slice(T.length), n.length > 0 && this.rules.other.blockquoteStart.test(n[0])) continue;
          break;
        } else if (p?.type === "list") {
          let k = p, m = k.raw + `
` + n.join(`
`), b = this.list(m);
          o[o.length - 1] = b;
          let f = b.raw.length > k.raw.length ? m.slice(k.raw.length + 1, b.raw.length).split(`
`).length : 0;
          if (f > 0) {
            let R = n.slice(0, f).join(`
`);
            r = `${r}
${R}`, s = `${s}
${R}`;
          }
          if (n = n.slice(f), n.length > 0 && !this.rules.other.blockquoteStart.test(n[0])) break;
          continue;
        }
      }
      return { type: "blockquote", raw: r, tokens: o, text: s };
    }
  }
  list(e) {
    let t = this.rules.block.list.exec(e);
    if (t) {
      if (!this.options.pedantic && this.lexer.state.lastToken?.type === "text" && !this.rules.other.listInterruptsParagraph.test(e)) return;
      let n = e, r = () => n.length - e.length, s = t[1].trim(), o = s.length > 1, i = { type: "list", raw: "", ordered: o, start: o ? +s.slice(0, -1) : "", loose: false, items: [] };
      s = o ? `\\d{1,9}\\${s.slice(-1)}` : `\\${s}`, this.options.pedantic && (s = o ? s : "[*+-]");
      let a = this.rules.other.listItemRegex(s), c = false;
      for (; e; ) {
        let h = false, p = "";
        if (!(t = a.exec(e)) || this.rules.block.hr.test(e)) break;
        let k = r();
        e = e.substring(t[0].length);
        let m = t[2].split(`
`, 1)[0], b = t[1].length, f = this.options.pedantic ? te(m, b) : m.replace(this.rules.other.leadingSpaceTab, (H) => te(H, b)), R = e.split(`
`, 1)[0], E = !f.trim(), T = 0;
        if (this.options.pedantic ? (T = 2, p = f.trimStart()) : E ? T = b + 1 : (T = f.search(this.rules.other.nonSpaceChar), T = T > 4 ? 1 : T, p = f.slice(T), T += b), E && this.rules.other.blankLine.test(R) && (e = e.substring(R.length + 1), h = true), !h) {
          let H = this.rules.other.nextBulletRegex(T), K = this.rules.other.hrRegex(T), re = this.rules.other.fencesBeginRegex(T), B = this.options.pedantic ? this.rules.other.pedanticHeadingBeginRegex(T) : this.rules.other.headingBeginRegex(T), X = this.rules.other.htmlBeginRegex(T), se = this.rules.other.blockquoteBeginRegex(T), le = false;
          for (; e; ) {
            let we = e.split(`
`, 1)[0], Z;
            if (R = we, this.options.pedantic ? (R = R.replace(this.rules.other.listReplaceNesting, "  "), Z = R) : Z = R.replace(this.rules.other.leadingSpaceTab, ($) => te($)), re.test(R) || B.test(R) || X.test(R) || se.test(R) || H.test(R) || K.test(R)) break;
            if (Z.search(this.rules.other.nonSpaceChar) >= T || !R.trim()) p += `
` + Z.slice(T), le = false;
            else {
              if (E) break;
              let $ = f;
              if (!this.options.pedantic && !p.includes(`
`) && !f.includes("	")) {
                let j;
                for (; !K.test($) && (j = this.rules.other.nestedBlockMarker.exec($)); ) $ = $.slice(j[0].length);
                if (!$.trim()) break;
              }
              if ($.replace(this.rules.other.tabCharGlobal, "    ").search(this.rules.other.nonSpaceChar) >= 4 || re.test($) || B.test($) || X.test($) || K.test($)) break;
              if (!this.options.pedantic && !le) {
                let j = f.replace(this.rules.other.nestedContainerMarkers, "");
                if (this.rules.block.fences.test(j) || this.rules.block.heading.test(j) || this.rules.block.hr.test(j)) break;
              }
              let je = !this.options.pedantic && /^ {0,3}(?:=+|-+) *$/.test(R) && this.rules.block.lheading.test(`${f}
${R}`) ? `    ${Z.replace(/^ {0,3}/, "")}` : R;
              p += `
` + je, le = true;
            }
            E = !R.trim(), e = e.substring(we.length + 1), f = Z.slice(T);
          }
        }
        let U = n.slice(k, r());
        i.loose || (c ? i.loose = true : this.rules.other.doubleBlankLine.test(U) && (c = true)), i.items.push({ type: "list_item", raw: U, task: !!this.options.gfm && this.rules.other.listIsTask.test(p), loose: false, text: p, tokens: [] });
      }
      let u = i.items.at(-1);
      if (u) u.raw = u.raw.trimEnd(), u.text = u.text.trimEnd();
      else return;
      i.raw = n.slice(0, r()).trimEnd();
      let d = [];
      for (let h of i.items) if (this.lexer.state.top = false, d.push(this.lexer.inlineQueue.length), h.tokens = this.lexer.blockTokens(h.text, []), !i.loose) {
        let p = h.tokens.filter((m) => m.type === "space"), k = p.length > 0 && p.some((m) => this.rules.other.anyLine.test(m.raw));
        i.loose = k;
      }
      for (let h = 0; h < i.items.length; h++) {
        let p = i.items[h], k = p.tokens[0];
        if (p.task && (k?.type === "text" || k?.type === "paragraph")) {
          p.text = p.text.replace(this.rules.other.listReplaceTask, ""), k.raw = k.raw.replace(this.rules.other.listReplaceTask, ""), k.text = k.text.replace(this.rules.other.listReplaceTask, "");
          let m = this.lexer.inlineQueue;
          for (let f = d[h]; f < m.length; f++) if (m[f].tokens === k.tokens) {
            m[f].src = m[f].src.replace(this.rules.other.listReplaceTask, "");
            break;
          }
          let b = this.rules.other.listTaskCheckbox.exec(p.raw);
          if (b) {
            let f = { type: "checkbox", raw: b[0] + " ", checked: b[0] !== "[ ]" };
            p.checked = f.checked, i.loose ? p.tokens[0] && ["paragraph", "text"].includes(p.tokens[0].type) && "tokens" in p.tokens[0] && p.tokens[0].tokens ? (p.tokens[0].raw = f.raw + p.tokens[0].raw, p.tokens[0].text = f.raw + p.tokens[0].text, p.tokens[0].tokens.unshift(f)) : p.tokens.unshift({ type: "paragraph", raw: f.raw, text: f.raw, tokens: [f] }) : p.tokens.unshift(f);
          }
        } else p.task && (p.task = false);
      }
      if (i.loose) for (let h of i.items) {
        h.loose = true;
        for (let p of h.tokens) p.type === "text" && (p.type = "paragraph");
      }
      return i;
    }
  }
  html(e) {
    let t = this.rules.block.html.exec(e);
    if (t) {
      if (this.lexer.state.lastToken?.type === "paragraph" && !this.rules.other.htmlBeginRegex(4).test(e)) return;
      let n = Re(t[0]);
      return { type: "html", block: true, raw: n, pre: t[1] === "pre" || t[1] === "script" || t[1] === "style", text: n };
    }
  }
  def(e) {
    let t = this.rules.block.def.exec(e);
    if (t) {
      if (!this.rules.other.startAngleBracket.test(t[2]) && Te(t[2], "()") !== -1) return;
      let n = W(t[1]), r = t[2] ? t[2].replace(this.rules.other.hrefBrackets, "$1").replace(this.rules.inline.anyPunctuation, "$1") : "", s = t[3] ? t[3].substring(1, t[3].length - 1).replace(this.rules.inline.anyPunctuation, "$1") : t[3];
      return { type: "def", tag: n, raw: C(t[0], `
`), href: r, title: s };
    }
  }
  table(e) {
    let t = this.rules.block.table.exec(e);
    if (!t || !this.rules.other.tableDelimiter.test(t[2])) return;
    let n = be(t[1]), r = t[2].replace(this.rules.other.tableAlignChars, "").split("|"), s = t[3]?.trim() ? t[3].replace(this.rules.other.tableRowBlankLine, "").split(`
`) : [], o = { type: "table", raw: C(t[0], `
`), header: [], align: [], rows: [] };
    if (n.length === r.length) {
      for (let i of r) this.rules.other.tableAlignRight.test(i) ? o.align.push("right") : this.rules.other.tableAlignCenter.test(i) ? o.align.push("center") : this.rules.other.tableAlignLeft.test(i) ? o.align.push("left") : o.align.push(null);
      for (let i = 0; i < n.length; i++) o.header.push({ text: n[i], tokens: this.lexer.inline(n[i]), header: true, align: o.align[i] });
      for (let i of s) o.rows.push(be(i, o.header.length).map((a, c) => ({ text: a, tokens: this.lexer.inline(a), header: false, align: o.align[c] })));
      return o;
    }
  }
  lheading(e) {
    let t = this.rules.block.lheading.exec(e);
    if (t) {
      let n = t[1].trim();
      return { type: "heading", raw: C(t[0], `
`), depth: t[2].charAt(0) === "=" ? 1 : 2, text: n, tokens: this.lexer.inline(n) };
    }
  }
  paragraph(e) {
    let t = this.rules.block.paragraph.exec(e);
    if (t) {
      let n = t[1].charAt(t[1].length - 1) === `
` ? t[1].slice(0, -1) : t[1];
      return { type: "paragraph", raw: t[0], text: n, tokens: this.lexer.inline(n) };
    }
  }
  text(e) {
    let t = this.rules.block.text.exec(e);
    if (t) return { type: "text", raw: t[0], text: t[0], tokens: this.lexer.inline(t[0]) };
  }
  escape(e) {
    if (e.charCodeAt(0) !== 92) return;
    let t = this.rules.inline.escape.exec(e);
    if (t) return { type: "escape", raw: t[0], text: t[1] };
  }
  tag(e) {
    if (e.charCodeAt(0) !== 60) return;
    let t = this.rules.inline.tag.exec(e);
    if (t) return !this.lexer.state.inLink && this.rules.other.startATag.test(t[0]) ? this.lexer.state.inLink = true : this.lexer.state.inLink && this.rules.other.endATag.test(t[0]) && (this.lexer.state.inLink = false), !this.lexer.state.inRawBlock && this.rules.other.startPreScriptTag.test(t[0]) ? this.lexer.state.inRawBlock = true : this.lexer.state.inRawBlock && this.rules.other.endPreScriptTag.test(t[0]) && (this.lexer.state.inRawBlock = false), { type: "html", raw: t[0], inLink: this.lexer.state.inLink, inRawBlock: this.lexer.state.inRawBlock, block: false, text: t[0] };
  }
  link(e) {
    if (this.lexer.state.linkParenPossible === false) return;
    let t = e.charCodeAt(0);
    if (t !== 91 && t !== 33) return;
    let n = this.rules.inline.link.exec(e);
    if (n) {
      let r = n[0].charAt(0) === "!" ? 2 : 1;
      if (!this.options.pedantic && Ze(e, n[1], r, this.rules)) return;
      let s = n[2].trim();
      if (!this.options.pedantic && this.rules.other.startAngleBracket.test(s)) {
        if (!this.rules.other.endAngleBracket.test(s)) return;
        let c = C(s.slice(0, -1), "\\");
        if ((s.length - c.length) % 2 === 0) return;
      } else {
        let c = Te(n[2], "()");
        if (c === -2) return;
        if (c > -1) {
          let d = (n[0].indexOf("!") === 0 ? 5 : 4) + n[1].length + c;
          n[2] = n[2].substring(0, c), n[0] = n[0].substring(0, d).trim(), n[3] = "";
        }
      }
      let o = C(n[0].slice(0, -1), "\\");
      if ((n[0].length - o.length) % 2 === 0) return;
      let i = n[2], a = "";
      if (this.options.pedantic) {
        let c = this.rules.other.pedanticHrefTitle.exec(i);
        c && (i = c[1], a = c[3]);
      } else a = n[3] ? n[3].slice(1, -1) : "";
      return i = i.trim(), this.rules.other.startAngleBracket.test(i) && (this.options.pedantic && !this.rules.other.endAngleBracket.test(s) ? i = i.slice(1) : i = i.slice(1, -1)), He(n, { href: i && i.replace(this.rules.inline.anyPunctuation, "$1"), title: a && a.replace(this.rules.inline.anyPunctuation, "$1") }, n[0], this.lexer, this.rules);
    }
  }
  reflink(e, t) {
    let n = e.charCodeAt(0);
    if (n !== 91 && n !== 33) return;
    let r;
    if ((r = this.rules.inline.reflink.exec(e)) || (r = this.rules.inline.nolink.exec(e))) {
      let s = r[0].charAt(0) === "!" ? 2 : 1;
      if (!this.options.pedantic && Ze(e, r[1], s, this.rules)) return;
      let o = t[W(r[2] || r[1])];
      if (!o) {
        let i = r[0].charAt(0);
        return { type: "text", raw: i, text: i };
      }
      return He(r, o, r[0], this.lexer, this.rules);
    }
  }
  emStrong(e, t, n = "") {
    let r = this.rules.inline.emStrongLDelim.exec(e);
    if (!r || !r[1] && !r[2] && !r[3] && !r[4]) return;
    let s = r[0][0], o = n === s, i = t.length - e.length, a = i;
    for (; !this.options.pedantic && a > 0 && t[a - 1] === s; ) a--;
    let c = [...t.slice(Math.max(0, a - 2), a)].at(-1) ?? "", u = c === "*" || c === "_" || !!this.rules.inline.punctuation.exec(c);
    a < i && (n = c);
    let d = a < i ? u : n === "*" || n === "_" || !!this.rules.inline.punctuation.exec(n);
    if (r[4] && n.match(this.rules.other.unicodeAlphaNumeric)) return;
    let h = r[1] || r[3] || "";
    if (!h || !n || d) {
      let p = [...r[0]].length - 1, k, m, b = p, f = 0, R = i - a + p, E = !this.options.pedantic && !!c.trim() && (!!h || s === "*" && !u);
      if (s !== "*" && s !== "_") return;
      let T = s === "*" ? this.rules.inline.emStrongRDelimAst : this.rules.inline.emStrongRDelimUnd, U = oe(this, t, s), H = t.length - e.length + p;
      if (U < H) return;
      t = t.slice(-1 * e.length + p);
      let K = U - H;
      for (T.lastIndex = 0; (r = T.exec(t)) !== null && !(r.index > K); ) {
        if (k = r[1] || r[2] || r[3] || r[4] || r[5] || r[6], !k) continue;
        if (m = [...k].length, r[3] || r[4]) {
          b += m;
          continue;
        } else if ((r[5] || r[6] || E) && R % 3 && !((R + m) % 3)) {
          if (o && (r[5] || r[6])) break;
          f += m;
          continue;
        }
        if (b -= m, b > 0) continue;
        m = Math.min(m, m + b + f);
        let re = [...r[0]][0].length, B = e.slice(0, p + r.index + re + m);
        if (Math.min(p, m) % 2) {
          let se = B.slice(1, -1);
          return { type: "em", raw: B, text: se, tokens: this.lexer.inlineTokens(se) };
        }
        let X = B.slice(2, -2);
        return { type: "strong", raw: B, text: X, tokens: this.lexer.inlineTokens(X) };
      }
    }
  }
  codespan(e) {
    if (e.charCodeAt(0) !== 96) return;
    let t = this.rules.inline.code.exec(e);
    if (t) {
      let n = t[2].replace(this.rules.other.newLineCharGlobal, " "), r = this.rules.other.nonSpaceChar.test(n), s = this.rules.other.startingSpaceChar.test(n) && this.rules.other.endingSpaceChar.test(n);
      return r && s && (n = n.substring(1, n.length - 1)), { type: "codespan", raw: t[0], text: n };
    }
  }
  br(e) {
    let t = e.charCodeAt(0);
    if (t !== 32 && t !== 92 && t !== 10) return;
    let n = this.rules.inline.br.exec(e);
    if (n) return { type: "br", raw: n[0] };
  }
  del(e, t, n = "") {
    if (e.charCodeAt(0) !== 126) return;
    let r = this.rules.inline.delLDelim.exec(e);
    if (!r) return;
    if (!(r[1] || "") || !n || this.rules.inline.punctuation.exec(n)) {
      let o = [...r[0]].length - 1, i, a, c = o, u = this.rules.inline.delRDelim, d = ae(this, t), h = t.length - e.length + o;
      if (d < h) return;
      t = t.slice(-1 * e.length + o);
      let p = d - h;
      for (u.lastIndex = 0; (r = u.exec(t)) !== null && !(r.index > p); ) {
        if (i = r[1] || r[2] || r[3] || r[4] || r[5] || r[6], !i || (a = [...i].length, a !== o)) continue;
        if (r[3] || r[4]) {
          c += a;
          continue;
        }
        if (c -= a, c > 0) continue;
        a = Math.min(a, a + c);
        let k = [...r[0]][0].length, m = e.slice(0, o + r.index + k + a), b = m.slice(o, -o);
        return { type: "del", raw: m, text: b, tokens: this.lexer.inlineTokens(b) };
      }
    }
  }
  autolink(e) {
    if (e.charCodeAt(0) !== 60) return;
    let t = this.rules.inline.autolink.exec(e);
    if (t) {
      let n, r;
      return t[2] === "@" ? (n = t[1], r = "mailto:" + n) : (n = t[1], r = n), { type: "link", raw: t[0], text: n, href: r, autolink: true, tokens: [{ type: "text", raw: n, text: n }] };
    }
  }
  url(e) {
    let t;
    if (t = this.rules.inline.url.exec(e)) {
      let n, r;
      if (t[2] === "@") n = t[0], r = "mailto:" + n;
      else {
        let s;
        do
          s = t[0], t[0] = this.rules.inline._backpedal.exec(t[0])?.[0] ?? "";
        while (s !== t[0]);
        n = t[0], t[1] === "www." ? r = "http://" + t[0] : r = t[0];
      }
      return { type: "link", raw: t[0], text: n, href: r, autolink: true, tokens: [{ type: "text", raw: n, text: n }] };
    }
  }
  inlineText(e) {
    let t = this.rules.inline.text.exec(e);
    if (t) {
      let n = this.lexer.state.inRawBlock;
      return { type: "text", raw: t[0], text: n ? t[0] : De(t[0]), escaped: n };
    }
  }
};
var w = class l {
  tokens;
  options;
  state;
  inlineQueue;
  tokenizer;
  constructor(e) {
    this.tokens = [], this.tokens.links = /* @__PURE__ */ Object.create(null), this.options = e || S, this.options.tokenizer = this.options.tokenizer || new _(), this.tokenizer = this.options.tokenizer, this.tokenizer.options = this.options, this.tokenizer.lexer = this, this.inlineQueue = [], this.state = { inLink: false, inRawBlock: false, linkEmitted: false, linkParenPossible: true, top: true };
    let t = { other: O, block: ee.normal, inline: F.normal };
    this.options.pedantic ? (t.block = ee.pedantic, t.inline = F.pedantic) : this.options.gfm && (t.block = ee.gfm, this.options.breaks ? t.inline = F.breaks : t.inline = F.gfm), this.tokenizer.rules = t;
  }
  static get rules() {
    return { block: ee, inline: F };
  }
  static lex(e, t) {
    return new l(t).lex(e);
  }
  static lexInline(e, t) {
    return new l(t).inlineTokens(e);
  }
  lex(e) {
    e = e.replace(O.carriageReturn, `
`), this.blockTokens(e, this.tokens);
    for (let t = 0; t < this.inlineQueue.length; t++) {
      let n = this.inlineQueue[t];
      this.state.inRawBlock = false, this.inlineTokens(n.src, n.tokens);
    }
    return this.inlineQueue = [], this.tokens;
  }
  blockTokens(e, t = [], n = false) {
    this.tokenizer.lexer = this;
    let r = this.state.lastToken;
    this.options.pedantic && (e = e.replace(O.tabCharGlobal, "    ").replace(O.spaceLine, ""));
    let s = 1 / 0, o, i = this.options.gfm && !this.options.pedantic && this.tokenizer.paragraph === _.prototype.paragraph;
    for (; e; ) {
      if (e.length < s) s = e.length;
      else {
        this.infiniteLoopError(e.charCodeAt(0));
        break;
      }
      this.state.lastToken = t.at(-1);
      let a;
      if (this.options.extensions?.block?.some((u) => (a = u.call({ lexer: this }, e, t)) ? (e = e.substring(a.raw.length), t.push(a), true) : false)) continue;
      if (a = this.tokenizer.space(e)) {
        e = e.substring(a.raw.length);
        let u = t.at(-1);
        a.raw.length === 1 && u !== void 0 ? u.raw += `
` : t.push(a);
        continue;
      }
      if (a = this.tokenizer.code(e)) {
        e = e.substring(a.raw.length);
        let u = t.at(-1);
        u?.type === "paragraph" || u?.type === "text" ? (u.raw += (u.raw.endsWith(`
`) ? "" : `
`) + a.raw, u.text += `
` + a.text, this.inlineQueue.at(-1).src = u.text) : t.push(a);
        continue;
      }
      if (a = this.tokenizer.fences(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.heading(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.hr(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.blockquote(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.list(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.html(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.def(e)) {
        e = e.substring(a.raw.length);
        let u = t.at(-1);
        u?.type === "paragraph" || u?.type === "text" ? (u.raw += (u.raw.endsWith(`
`) ? "" : `
`) + a.raw, u.text += `
` + a.raw, this.inlineQueue.at(-1).src = u.text) : (this.tokens.links[a.tag] || (this.tokens.links[a.tag] = { href: a.href, title: a.title }), t.push(a));
        continue;
      }
      if (a = this.tokenizer.table(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.lheading(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      let c = e;
      if (this.options.extensions?.startBlock) {
        let u = 1 / 0, d = e.slice(1), h;
        this.options.extensions.startBlock.forEach((p) => {
          h = p.call({ lexer: this }, d), typeof h == "number" && h >= 0 && (u = Math.min(u, h));
        }), u < 1 / 0 && u >= 0 && (c = e.substring(0, u + 1));
      }
      if (this.state.top && (a = this.tokenizer.paragraph(c))) {
        let u = t.at(-1);
        (n || u === o && i) && u?.type === "paragraph" ? (u.raw += (u.raw.endsWith(`
`) ? "" : `
`) + a.raw, u.text += `
` + a.text, this.inlineQueue.pop(), this.inlineQueue.at(-1).src = u.text, o = u) : (t.push(a), o = a), n = c.length !== e.length, e = e.substring(a.raw.length);
        continue;
      }
      if (a = this.tokenizer.text(e)) {
        e = e.substring(a.raw.length);
        let u = t.at(-1);
        u?.type === "text" ? (u.raw += (u.raw.endsWith(`
`) ? "" : `
`) + a.raw, u.text += `
` + a.text, this.inlineQueue.pop(), this.inlineQueue.at(-1).src = u.text) : t.push(a);
        continue;
      }
      if (e) {
        this.infiniteLoopError(e.charCodeAt(0));
        break;
      }
    }
    return this.state.top = true, this.state.lastToken = r, t;
  }
  inline(e, t = []) {
    return this.inlineQueue.push({ src: e, tokens: t }), t;
  }
  linkInText(e) {
    if (!e.includes("[")) return false;
    let t = this.tokenizer.rules.inline.link;
    for (let n of e.matchAll(this.tokenizer.rules.inline.blockSkip)) if (t.test(n[0]) && e.charAt(n.index - 1) !== "!") return true;
    for (let n of e.matchAll(this.tokenizer.rules.inline.reflinkSearch)) {
      let r = n[0], s = r.lastIndexOf("[");
      if (!(r.charAt(0) === "!" || !Object.hasOwn(this.tokens.links, W(r.slice(s + 1, -1)))) && !(s > 1 && this.linkInText(r.slice(1, s - 1)))) return true;
    }
    return false;
  }
  inlineTokens(e, t = []) {
    this.tokenizer.lexer = this;
    let n = this.state.linkParenPossible;
    this.state.linkParenPossible = e.includes(")");
    try {
      return this.#t(e, t);
    } finally {
      this.state.linkParenPossible = n;
    }
  }
  #t(e, t) {
    let n = e.includes("*") || e.includes("_") || e.includes("~"), r = n || this.options.hooks?.emStrongMask || this.tokenizer.emStrong !== _.prototype.emStrong || this.tokenizer.del !== _.prototype.del ? this.#r(e) : e;
    if (!n) return this.#e(e, r, t);
    qe(this.tokenizer, r);
    try {
      return this.#e(e, r, t);
    } finally {
      ve(this.tokenizer);
    }
  }
  #e(e, t, n) {
    let r = false, s = "", o = 1 / 0;
    for (; e; ) {
      if (e.length < o) o = e.length;
      else {
        this.infiniteLoopError(e.charCodeAt(0));
        break;
      }
      r || (s = ""), r = false;
      let i;
      if (this.options.extensions?.inline?.some((u) => (i = u.call({ lexer: this }, e, n)) ? (e = e.substring(i.raw.length), n.push(i), true) : false)) continue;
      if (i = this.tokenizer.escape(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.tag(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.link(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.reflink(e, this.tokens.links)) {
        e = e.substring(i.raw.length);
        let u = n.at(-1);
        i.type === "text" && u?.type === "text" ? (u.raw += i.raw, u.text += i.text) : n.push(i);
        continue;
      }
      let a = e[0];
      if (a === "*" || a === "_") {
        let u = t.length - e.length;
        if (oe(this.tokenizer, t, a) <= u) {
          let h = 1;
          for (; h < e.length && e.charCodeAt(h) === a.charCodeAt(0); ) h++;
          let p = e.substring(0, h), k = n.at(-1);
          k?.type === "text" && !k.escaped ? (k.raw += p, k.text += p) : n.push({ type: "text", raw: p, text: p, escaped: false }), e = e.substring(h), s = a, r = true;
          continue;
        }
      } else if (a === "~") {
        let u = t.length - e.length;
        if (ae(this.tokenizer, t) <= u) {
          let h = 1;
          for (; h < e.length && e.charCodeAt(h) === 126; ) h++;
          let p = e.substring(0, h), k = n.at(-1);
          k?.type === "text" && !k.escaped ? (k.raw += p, k.text += p) : n.push({ type: "text", raw: p, text: p, escaped: false }), e = e.substring(h), s = a, r = true;
          continue;
        }
      }
      if (i = this.tokenizer.emStrong(e, t, s)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.codespan(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.br(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.del(e, t, s)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.autolink(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (!this.state.inLink && (i = this.tokenizer.url(e))) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      let c = e;
      if (this.options.extensions?.startInline) {
        let u = 1 / 0, d = e.slice(1), h;
        this.options.extensions.startInline.forEach((p) => {
          h = p.call({ lexer: this }, d), typeof h == "number" && h >= 0 && (u = Math.min(u, h));
        }), u < 1 / 0 && u >= 0 && (c = e.substring(0, u + 1));
      }
      if (i = this.tokenizer.inlineText(c)) {
        e = e.substring(i.raw.length), i.raw.slice(-1) !== "_" && (s = i.raw.slice(-1)), r = true;
        let u = n.at(-1);
        u?.type === "text" ? (u.raw += i.raw, u.text += i.text) : n.push(i);
        continue;
      }
      if (e) {
        this.infiniteLoopError(e.charCodeAt(0));
        break;
      }
    }
    return n;
  }
  #n(e) {
    let { blockSkip: t, tag: n, autolink: r } = this.tokenizer.rules.inline, s = "", o = 0, i;
    for (t.lastIndex = 0; i = t.exec(e); ) {
      let a = i.index + (i[2] ? i[2].length : 0), c = i.index + i[0].length;
      if (e.charAt(a) === "<") {
        let u = e.slice(a), d = n.exec(u) || r.exec(u);
        if (!d) {
          t.lastIndex = a + 1;
          continue;
        }
        c = a + d[0].length, t.lastIndex = c;
      }
      s += e.slice(o, a) + "[" + "a".repeat(c - a - 2) + "]", o = c;
    }
    return s + e.slice(o);
  }
  #r(e) {
    let t = e;
    if (this.tokens.links && e.includes("[")) {
      let n = this.tokenizer.rules.inline.reflinkSearch, r = (s) => {
        let o = s.lastIndexOf("[");
        if (!Object.hasOwn(this.tokens.links, W(s.slice(o + 1, -1)))) return s;
        if (o > 1 && s.charAt(0) !== "!") {
          let i = s.slice(1, o - 1);
          if (this.linkInText(i)) return "[" + i.replace(n, r) + "][" + "a".repeat(s.length - o - 2) + "]";
        }
        return "[" + "a".repeat(s.length - 2) + "]";
      };
      t = t.replace(n, r);
    }
    return t = t.replace(this.tokenizer.rules.inline.anyPunctuationOutsideCode, (n, r, s) => s ? "+".repeat(n.length) : r ? r + n.slice(r.length, -r.length).replace(/`/g, "+") + r : n), t = this.#n(t), t = this.options.hooks?.emStrongMask?.call({ lexer: this }, t) ?? t, t;
  }
  infiniteLoopError(e) {
    let t = "Infinite loop on byte: " + e;
    if (this.options.silent) console.error(t);
    else throw new Error(t);
  }
};
var I = class {
  options;
  parser;
  constructor(e) {
    this.options = e || S;
  }
  space(e) {
    return "";
  }
  code({ text: e, lang: t, escaped: n }) {
    let r = (t || "").match(O.notSpaceStart)?.[0], s = e ? e.replace(O.endingNewline, "") + `
` : "";
    return r ? '<pre><code class="language-' + y(r) + '">' + (n ? s : y(s, true)) + `</code></pre>
` : "<pre><code>" + (n ? s : y(s, true)) + `</code></pre>
`;
  }
  blockquote({ tokens: e }) {
    return `<blockquote>
${this.parser.parse(e)}</blockquote>
`;
  }
  html({ text: e }) {
    return e;
  }
  def(e) {
    return "";
  }
  heading({ tokens: e, depth: t }) {
    return `<h${t}>${this.parser.parseInline(e)}</h${t}>
`;
  }
  hr(e) {
    return `<hr>
`;
  }
  list(e) {
    let t = e.ordered, n = e.start, r = "";
    for (let i = 0; i < e.items.length; i++) {
      let a = e.items[i];
      r += this.listitem(a);
    }
    let s = t ? "ol" : "ul", o = t && n !== 1 ? ' start="' + n + '"' : "";
    return "<" + s + o + `>
` + r + "</" + s + `>
`;
  }
  listitem(e) {
    return `<li>${this.parser.parse(e.tokens)}</li>
`;
  }
  checkbox({ checked: e }) {
    return "<input " + (e ? 'checked="" ' : "") + 'disabled="" type="checkbox"> ';
  }
  paragraph({ tokens: e }) {
    return `<p>${this.parser.parseInline(e)}</p>
`;
  }
  table(e) {
    let t = "", n = "";
    for (let s = 0; s < e.header.length; s++) n += this.tablecell(e.header[s]);
    t += this.tablerow({ text: n });
    let r = "";
    for (let s = 0; s < e.rows.length; s++) {
      let o = e.rows[s];
      n = "";
      for (let i = 0; i < o.length; i++) n += this.tablecell(o[i]);
      r += this.tablerow({ text: n });
    }
    return r && (r = `<tbody>${r}</tbody>`), `<table>
<thead>
` + t + `</thead>
` + r + `</table>
`;
  }
  tablerow({ text: e }) {
    return `<tr>
${e}</tr>
`;
  }
  tablecell(e) {
    let t = this.parser.parseInline(e.tokens), n = e.header ? "th" : "td";
    return (e.align ? `<${n} align="${e.align}">` : `<${n}>`) + t + `</${n}>
`;
  }
  strong({ tokens: e }) {
    return `<strong>${this.parser.parseInline(e)}</strong>`;
  }
  em({ tokens: e }) {
    return `<em>${this.parser.parseInline(e)}</em>`;
  }
  codespan({ text: e }) {
    return `<code>${y(e, true)}</code>`;
  }
  br(e) {
    return "<br>";
  }
  del({ tokens: e }) {
    return `<del>${this.parser.parseInline(e)}</del>`;
  }
  link({ href: e, title: t, text: n, tokens: r, autolink: s }) {
    let o = s ? y(n, true) : this.parser.parseInline(r), i = xe(e);
    if (i === null) return o;
    e = y(i, s);
    let a = '<a href="' + e + '"';
    return t && (a += ' title="' + y(t) + '"'), a += ">" + o + "</a>", a;
  }
  image({ href: e, title: t, text: n, tokens: r }) {
    r && (n = this.parser.parseInline(r, this.parser.textRenderer));
    let s = xe(e);
    if (s === null) return y(n);
    e = s;
    let o = `<img src="${y(e)}" alt="${y(n)}"`;
    return t && (o += ` title="${y(t)}"`), o += ">", o;
  }
  text(e) {
    return "tokens" in e && e.tokens ? this.parser.parseInline(e.tokens) : "escaped" in e && e.escaped ? e.text : y(e.text);
  }
};
var z = class {
  parser;
  strong({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  em({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  codespan({ text: e }) {
    return e;
  }
  del({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  html({ text: e }) {
    return e;
  }
  text({ text: e }) {
    return e;
  }
  link({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  image({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  br() {
    return `
`;
  }
  checkbox({ raw: e }) {
    return e;
  }
};
var P = class l2 {
  options;
  renderer;
  textRenderer;
  constructor(e) {
    this.options = e || S, this.options.renderer = this.options.renderer || new I(), this.renderer = this.options.renderer, this.renderer.options = this.options, this.renderer.parser = this, this.textRenderer = new z(), this.textRenderer.parser = this;
  }
  static parse(e, t) {
    return new l2(t).parse(e);
  }
  static parseInline(e, t) {
    return new l2(t).parseInline(e);
  }
  parse(e) {
    this.renderer.parser = this;
    let t = "";
    for (let n = 0; n < e.length; n++) {
      let r = e[n];
      if (this.options.extensions?.renderers?.[r.type]) {
        let o = r, i = this.options.extensions.renderers[o.type].call({ parser: this }, o);
        if (i !== false || !["space", "hr", "heading", "code", "table", "blockquote", "list", "checkbox", "html", "def", "paragraph", "text"].includes(o.type)) {
          t += i === false ? "" : i ?? "";
          continue;
        }
      }
      let s = r;
      switch (s.type) {
        case "space": {
          t += this.renderer.space(s);
          break;
        }
        case "hr": {
          t += this.renderer.hr(s);
          break;
        }
        case "heading": {
          t += this.renderer.heading(s);
          break;
        }
        case "code": {
          t += this.renderer.code(s);
          break;
        }
        case "table": {
          t += this.renderer.table(s);
          break;
        }
        case "blockquote": {
          t += this.renderer.blockquote(s);
          break;
        }
        case "list": {
          t += this.renderer.list(s);
          break;
        }
        case "checkbox": {
          t += this.renderer.checkbox(s);
          break;
        }
        case "html": {
          t += this.renderer.html(s);
          break;
        }
        case "def": {
          t += this.renderer.def(s);
          break;
        }
        case "paragraph": {
          t += this.renderer.paragraph(s);
          break;
        }
        case "text": {
          t += this.renderer.text(s);
          break;
        }
        default: {
          let o = 'Token with "' + s.type + '" type was not found.';
          if (this.options.silent) return console.error(o), "";
          throw new Error(o);
        }
      }
    }
    return t;
  }
  parseInline(e, t = this.renderer) {
    this.renderer.parser = this;
    let n = "";
    for (let r = 0; r < e.length; r++) {
      let s = e[r];
      if (this.options.extensions?.renderers?.[s.type]) {
        let i = this.options.extensions.renderers[s.type].call({ parser: this }, s);
        if (i !== false || !["escape", "html", "link", "image", "checkbox", "strong", "em", "codespan", "br", "del", "text"].includes(s.type)) {
          n += i === false ? "" : i ?? "";
          continue;
        }
      }
      let o = s;
      switch (o.type) {
        case "escape": {
          n += t.text(o);
          break;
        }
        case "html": {
          n += t.html(o);
          break;
        }
        case "link": {
          n += t.link(o);
          break;
        }
        case "image": {
          n += t.image(o);
          break;
        }
        case "checkbox": {
          n += t.checkbox(o);
          break;
        }
        case "strong": {
          n += t.strong(o);
          break;
        }
        case "em": {
          n += t.em(o);
          break;
        }
        case "codespan": {
          n += t.codespan(o);
          break;
        }
        case "br": {
          n += t.br(o);
          break;
        }
        case "del": {
          n += t.del(o);
          break;
        }
        case "text": {
          n += t.text(o);
          break;
        }
        default: {
          let i = 'Token with "' + o.type + '" type was not found.';
          if (this.options.silent) return console.error(i), "";
          throw new Error(i);
        }
      }
    }
    return n;
  }
};
var A = class {
  options;
  block;
  constructor(e) {
    this.options = e || S;
  }
  static passThroughHooks = /* @__PURE__ */ new Set(["preprocess", "postprocess", "processAllTokens", "emStrongMask"]);
  static passThroughHooksRespectAsync = /* @__PURE__ */ new Set(["preprocess", "postprocess", "processAllTokens"]);
  preprocess(e) {
    return e;
  }
  postprocess(e) {
    return e;
  }
  processAllTokens(e) {
    return e;
  }
  emStrongMask(e) {
    return e;
  }
  provideLexer(e = this.block) {
    return e ? w.lex : w.lexInline;
  }
  provideParser(e = this.block) {
    return e ? P.parse : P.parseInline;
  }
};
function M(l3, e) {
  if (Array.isArray(e)) for (let t = 0; t < e.length; t++) l3.push(e[t]);
  else l3.push(e);
}
var ne = class {
  defaults = G();
  options = this.setOptions;
  parse = this.parseMarkdown(true);
  parseInline = this.parseMarkdown(false);
  Parser = P;
  Renderer = I;
  TextRenderer = z;
  Lexer = w;
  Tokenizer = _;
  Hooks = A;
  constructor(...e) {
    this.use(...e);
  }
  walkTokens(e, t) {
    let n = [];
    for (let r of e) switch (M(n, t.call(this, r)), r.type) {
      case "table": {
        let s = r;
        for (let o of s.header) M(n, this.walkTokens(o.tokens, t));
        for (let o of s.rows) for (let i of o) M(n, this.walkTokens(i.tokens, t));
        break;
      }
      case "list": {
        let s = r;
        M(n, this.walkTokens(s.items, t));
        break;
      }
      default: {
        let s = r;
        this.defaults.extensions?.childTokens?.[s.type] ? this.defaults.extensions.childTokens[s.type].forEach((o) => {
          let i = s[o].flat(1 / 0);
          M(n, this.walkTokens(i, t));
        }) : s.tokens && M(n, this.walkTokens(s.tokens, t));
      }
    }
    return n;
  }
  use(...e) {
    let t = this.defaults.extensions || { renderers: /* @__PURE__ */ Object.create(null), childTokens: /* @__PURE__ */ Object.create(null) };
    return e.forEach((n) => {
      let r = { ...n };
      if (r.async = this.defaults.async || r.async || false, n.extensions && (n.extensions.forEach((s) => {
        if (!s.name) throw new Error("extension name required");
        if ("renderer" in s) {
          let o = t.renderers[s.name];
          o ? t.renderers[s.name] = function(...i) {
            let a = s.renderer.apply(this, i);
            return a === false && (a = o.apply(this, i)), a;
          } : t.renderers[s.name] = s.renderer;
        }
        if ("tokenizer" in s) {
          if (!s.level || s.level !== "block" && s.level !== "inline") throw new Error("extension level must be 'block' or 'inline'");
          let o = t[s.level];
          o ? o.unshift(s.tokenizer) : t[s.level] = [s.tokenizer], s.start && (s.level === "block" ? t.startBlock ? t.startBlock.push(s.start) : t.startBlock = [s.start] : s.level === "inline" && (t.startInline ? t.startInline.push(s.start) : t.startInline = [s.start]));
        }
        "childTokens" in s && s.childTokens && (t.childTokens[s.name] = s.childTokens);
      }), r.extensions = t), n.renderer) {
        let s = this.defaults.renderer || new I(this.defaults);
        for (let o in n.renderer) {
          if (!(o in s)) throw new Error(`renderer '${o}' does not exist`);
          if (["options", "parser"].includes(o)) continue;
          let i = o, a = n.renderer[i], c = s[i];
          s[i] = (...u) => {
            let d = a.apply(s, u);
            return d === false && (d = c.apply(s, u)), d === false ? "" : d ?? "";
          };
        }
        r.renderer = s;
      }
      if (n.tokenizer) {
        let s = this.defaults.tokenizer || new _(this.defaults);
        for (let o in n.tokenizer) {
          if (!(o in s)) throw new Error(`tokenizer '${o}' does not exist`);
          if (["options", "rules", "lexer"].includes(o)) continue;
          let i = o, a = n.tokenizer[i], c = s[i];
          s[i] = (...u) => {
            let d = a.apply(s, u);
            return d === false && (d = c.apply(s, u)), d;
          };
        }
        r.tokenizer = s;
      }
      if (n.hooks) {
        let s = this.defaults.hooks || new A();
        for (let o in n.hooks) {
          if (!(o in s)) throw new Error(`hook '${o}' does not exist`);
          if (["options", "block"].includes(o)) continue;
          let i = o, a = n.hooks[i], c = s[i];
          A.passThroughHooks.has(o) ? s[i] = (u) => {
            if (s.options.async && A.passThroughHooksRespectAsync.has(o)) return (async () => {
              let h = await a.call(s, u);
              return c.call(s, h);
            })();
            let d = a.call(s, u);
            return c.call(s, d);
          } : s[i] = (...u) => {
            if (s.options.async) return (async () => {
              let h = await a.apply(s, u);
              return h === false && (h = await c.apply(s, u)), h;
            })();
            let d = a.apply(s, u);
            return d === false && (d = c.apply(s, u)), d;
          };
        }
        r.hooks = s;
      }
      if (n.walkTokens) {
        let s = this.defaults.walkTokens, o = n.walkTokens;
        r.walkTokens = function(i) {
          let a = [];
          return M(a, o.call(this, i)), s && M(a, s.call(this, i)), a;
        };
      }
      this.defaults = { ...this.defaults, ...r };
    }), this;
  }
  setOptions(e) {
    return this.defaults = { ...this.defaults, ...e }, this;
  }
  lexer(e, t) {
    return w.lex(e, t ?? this.defaults);
  }
  parser(e, t) {
    return P.parse(e, t ?? this.defaults);
  }
  parseMarkdown(e) {
    return (n, r) => {
      let s = { ...r }, o = { ...this.defaults, ...s }, i = this.onError(!!o.silent, !!o.async);
      if (this.defaults.async === true && s.async === false) return i(new Error("marked(): The async option was set to true by an extension. Remove async: false from the parse options object to return a Promise."));
      if (typeof n > "u" || n === null) return i(new Error("marked(): input parameter is undefined or null"));
      if (typeof n != "string") return i(new Error("marked(): input parameter is of type " + Object.prototype.toString.call(n) + ", string expected"));
      if (o.hooks && (o.hooks.options = o, o.hooks.block = e), o.async) return (async () => {
        let a = o.hooks ? await o.hooks.preprocess(n) : n, u = await (o.hooks ? await o.hooks.provideLexer(e) : e ? w.lex : w.lexInline)(a, o), d = o.hooks ? await o.hooks.processAllTokens(u) : u;
        o.walkTokens && await Promise.all(this.walkTokens(d, o.walkTokens));
        let p = await (o.hooks ? await o.hooks.provideParser(e) : e ? P.parse : P.parseInline)(d, o);
        return o.hooks ? await o.hooks.postprocess(p) : p;
      })().catch(i);
      try {
        o.hooks && (n = o.hooks.preprocess(n));
        let c = (o.hooks ? o.hooks.provideLexer(e) : e ? w.lex : w.lexInline)(n, o);
        o.hooks && (c = o.hooks.processAllTokens(c)), o.walkTokens && this.walkTokens(c, o.walkTokens);
        let d = (o.hooks ? o.hooks.provideParser(e) : e ? P.parse : P.parseInline)(c, o);
        return o.hooks && (d = o.hooks.postprocess(d)), d;
      } catch (a) {
        return i(a);
      }
    };
  }
  onError(e, t) {
    return (n) => {
      if (n.message += `
Please report this to https://github.com/markedjs/marked.`, e) {
        let r = "<p>An error occurred:</p><pre>" + y(n.message + "", true) + "</pre>";
        return t ? Promise.resolve(r) : r;
      }
      if (t) return Promise.reject(n);
      throw n;
    };
  }
};
var v = new ne();
function x(l3, e) {
  return v.parse(l3, e);
}
x.options = x.setOptions = function(l3) {
  return v.setOptions(l3), x.defaults = v.defaults, ue(x.defaults), x;
};
x.getDefaults = G;
x.defaults = S;
function jt(...l3) {
  return v.use(...l3), x.defaults = v.defaults, ue(x.defaults), x;
}
x.use = jt;
x.walkTokens = function(l3, e) {
  return v.walkTokens(l3, e);
};
x.parseInline = v.parseInline;
x.Parser = P;
x.parser = P.parse;
x.Renderer = I;
x.TextRenderer = z;
x.Lexer = w;
x.lexer = w.lex;
x.Tokenizer = _;
x.Hooks = A;
x.parse = x;
var En = x.options;
var zn = x.setOptions;
var Mn = x.walkTokens;
var Bn = x.parseInline;
var qn = P.parse;
var vn = w.lex;

// src/report/html.ts
var STYLE = `body{font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1f2328}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:4px 10px}th{background:#f6f8fa}
code{background:#f6f8fa;padding:1px 4px;border-radius:4px}details{margin:1rem 0}
figure.flame{margin:1.5rem 0}figure.flame text{pointer-events:none;fill:#1f2328}figure.flame rect{stroke:#fff;stroke-width:.5}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}th,td{border-color:#30363d}code{background:#161b22}}`;
function renderHtmlReport(comparison, links) {
  const body = x.parse(renderSummary(comparison, links), { async: false });
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>loadgate \xB7 ${escapeHtml(comparison.benchmark)}</title><style>${STYLE}</style></head>
<body>${body}${comparison.profile ? renderFlameGraph(comparison.profile) : ""}</body></html>
`;
  return withoutControlCharacters(page, { keepLayout: true });
}

// src/report/format.ts
var GATE_WORDS = {
  REGRESSION: "REGRESSED",
  IMPROVEMENT: "improved",
  NO_CHANGE: "no change",
  INCONCLUSIVE: "inconclusive",
  LIKELY_OVER_DELTA: "likely over \u03B4"
};
var INFORM_WORDS = {
  REGRESSION: "worse",
  IMPROVEMENT: "better",
  NO_CHANGE: "no change",
  INCONCLUSIVE: "inconclusive",
  LIKELY_OVER_DELTA: "likely worse"
};
function verdictWord(m) {
  if (betterWithinDelta(m)) return "better, no regression";
  return (m.gate ? GATE_WORDS : INFORM_WORDS)[m.verdict];
}
function verdictTone(m) {
  if (!m.gate && m.verdict === "LIKELY_OVER_DELTA") return "INCONCLUSIVE";
  return !m.gate && m.verdict === "REGRESSION" ? "INCONCLUSIVE" : m.verdict;
}

// src/report/terminal.ts
var COLORS = {
  REGRESSION: "\x1B[31m",
  INVALID: "\x1B[31m",
  IMPROVEMENT: "\x1B[32m",
  NO_CHANGE: "\x1B[32m",
  INCONCLUSIVE: "\x1B[33m",
  LIKELY_OVER_DELTA: "\x1B[33m"
};
var RESET = "\x1B[0m";
var BOLD = "\x1B[1m";
function pad(text, width, right = false) {
  const visible = [...text].length;
  const fill = " ".repeat(Math.max(0, width - visible));
  return right ? fill + text : text + fill;
}
function renderTerminal(comparison, options) {
  const paint = (verdict, text) => options.color ? `${COLORS[verdict] ?? ""}${text}${RESET}` : text;
  const bold = (text) => options.color ? `${BOLD}${text}${RESET}` : text;
  const lines = [
    bold(paint(comparison.verdict, withoutControlCharacters(`${comparison.verdict.replace("_", " ")}: ${comparison.headline}`))),
    ""
  ];
  if (comparison.verdict === "INVALID") {
    for (const reason of comparison.invalid) lines.push(`  - ${withoutControlCharacters(reason.message)}`);
    lines.push("");
  }
  const rows = [
    ["series", "metric", "base", "head", "change", intervalTitle(comparison), "verdict"]
  ];
  const verdicts = [""];
  for (const series of comparison.series) {
    series.metrics.forEach((m, i) => {
      const cells = [
        i === 0 ? seriesLabel(series) : "",
        `${metricLabel(m)}${m.gate ? "" : "*"}`,
        formatValue(m.unit, m.base),
        formatValue(m.unit, m.head),
        m.change === null ? "\u2013" : formatChange(m.change, m.absolute),
        formatInterval(m),
        verdictWord(m)
      ];
      rows.push(cells.map((cell) => withoutControlCharacters(cell)));
      verdicts.push(verdictTone(m));
    });
  }
  const widths = rows[0].map((_2, c) => Math.max(...rows.map((r) => [...r[c] ?? ""].length)));
  rows.forEach((row, r) => {
    const cells = row.map((cell, c) => pad(cell, widths[c], c >= 2 && c <= 4));
    const last = cells.pop();
    lines.push(`  ${cells.join("  ")}  ${r === 0 ? bold(last) : paint(verdicts[r], last)}`);
  });
  lines.push(
    "",
    `  * informs only: "worse" and "better" never block. ${comparison.rounds} rounds, \u03B1 ${formatAlpha(comparison.alpha)} per look, ${comparison.kind === "paired" ? "paired by round" : "cross-run (stored baseline)"}.`
  );
  const flagged = comparison.verdict === "INVALID" ? [] : comparison.series.filter((s) => s.dispersion.flagged);
  for (const series of flagged) {
    lines.push(
      paint(
        "REGRESSION",
        `  ! latency spread (p99/p50) of ${withoutControlCharacters(seriesLabel(series))} changed ${series.dispersion.ratio?.toFixed(1)}\xD7`
      )
    );
  }
  for (const { series, size } of thinSeries(comparison))
    lines.push(`  i ${thinSeriesText(withoutControlCharacters(seriesLabel(series)), size)}`);
  for (const series of erraticSeries(comparison))
    lines.push(`  i ${erraticText(withoutControlCharacters(seriesLabel(series)), withoutControlCharacters(series.erratic))}`);
  return lines.join("\n");
}

// src/cli/help.ts
var HELP_WIDTH = 100;
var SETTINGS_HEADING = "Settings (same names and defaults as the action's inputs; or put them in loadgate.yml and pass --config):";
var HELP = {
  main: () => `loadgate \u2014 gate changes on service performance (Docker Compose + k6 + paired statistics)

Usage:
  loadgate compare --base REF [--head REF] [settings]   measure base and head here, interleaved; print the verdict
  loadgate record [settings]                           measure HEAD and store it in the gh-pages branch of origin
  loadgate calibrate [--write] [settings]              A/A rounds of HEAD: noise floor per gated metric, rounds to suggest
  loadgate report FILE [--json]                        print a comparison.json (or results.json) as a table
  loadgate merge DIR... [--out DIR] [--json]           merge the outputs of segment jobs (segment: i/N) and decide
  loadgate dashboard DIR [--port N]                    serve the dashboard of a gh-pages checkout (DIR/<data-dir>)
  loadgate history DIR [--json]                        list the change points of a gh-pages checkout's history

Run 'loadgate help COMMAND' (or 'loadgate COMMAND --help') for a command's options,
'loadgate --version' for the version.

Exit codes: 0 the verdict passes, 1 the verdict is one --fail-on names (default REGRESSION, INVALID),
            2 bad usage or settings, 3 the run failed (the message says why; measured trials are kept).`,
  compare: () => `loadgate compare --base REF [--head REF] [settings]

Starts the Compose stack of REF (a git worktree) and of the head (default: the working tree, uncommitted
changes included and named so), runs the k6 script against each in randomized interleaved rounds, and
prints the comparison. Results and report.html go to a work folder outside the repository.

${SETTINGS_HEADING}
${settingsHelp("compare")}
Output:
  --json            print one JSON array (a comparison per benchmark) instead of the tables`,
  record: () => `loadgate record [settings]

Measures HEAD and appends the run to the gh-pages branch of 'origin' (with the dashboard), as the
action's record mode does on pushes to the default branch. Refuses a working tree with uncommitted
changes: the run is stored under the commit.

${SETTINGS_HEADING}
${settingsHelp("record")}
Pushing a run that was measured but could not be pushed (nothing is measured):
  --push-only FILE  the run file the failed record saved (or that run's results.json); takes
                    --gh-pages-branch, --data-dir, --retention and --config as above`,
  calibrate: () => `loadgate calibrate [--write] [--json] [settings]

Measures HEAD against itself (both arms the same commit, max-rounds rounds, never extended) and prints,
per gated series and metric, the noise floor (1.4826 \xD7 MAD of the per-round differences), the smallest
change the configured plan (min-rounds, max-rounds, thresholds) detects with 90% power at its first
look, and the rounds - or, keeping them, the trial length or rate - that detect every minimum effect.
Refuses a working tree with uncommitted changes: only one arm would have them.

${SETTINGS_HEADING}
${settingsHelp("calibrate")}
Output:
  --json            print one JSON array (a calibration per benchmark) instead of the tables
  --write           put the suggested min-rounds and max-rounds into the --config file, keeping its
                    other settings and comments`,
  report: () => `loadgate report FILE [--json]

Prints a comparison.json (written next to every results file, or uploaded by a fork PR), or the
results.json of a compare run, as a table.`,
  merge: () => `loadgate merge DIR... [--out DIR] [--fail-on VERDICTS] [--json]

Reads the work-dirs of the jobs that ran one load in segments ('segment: i/N', e.g. the artifacts of a
matrix), merges the raw k6 requests of every (round, arm) into one trial, and prints the comparison
under the thresholds the segments ran with. A round whose segments did not all succeed is invalid.
Writes results.json, comparison.json and report.html per benchmark to --out (default loadgate-merged).`,
  dashboard: () => `loadgate dashboard DIR [--port N] [--data-dir ${builtInDefault("data-dir")}]

Serves DIR (a checkout of the gh-pages branch) on http://127.0.0.1:PORT and prints the address.`,
  history: () => `loadgate history DIR [--json] [--branch B] [--data-dir ${builtInDefault("data-dir")}]

Lists the lasting shifts (change points) in the recorded runs of a gh-pages checkout, per benchmark,
series and gated metric (the default thresholds: p50 and p95 per endpoint, throughput of all requests).
Each shift names the last run before it and the first after it, and says "environment changed" when
the runner (OS and kernel, CPU, cores, image) changed there rather than the code.

  --branch B                      runs of this branch only (default: the branch with the most runs)
  --json                          print the shifts as one JSON array
  --change-point-max-p P          largest p-value of a change point (default ${builtInDefault("change-point-max-p")})
  --change-point-min-change X     smallest relative change (default ${builtInDefault("change-point-min-change")})
  --change-point-min-runs N       runs needed on each side (default ${builtInDefault("change-point-min-runs")})`
};
function helpText(command) {
  return (HELP[command] ?? HELP.main)();
}
function settingsHelp(command) {
  const inputs = commandSettings(command);
  const column = Math.max(...inputs.map((input) => input.name.length)) + 4;
  return inputs.map((input) => {
    const lines = wrapWords(describeInput(input, "cli"), HELP_WIDTH - 2 - column);
    const flag = `--${input.name}`.padEnd(column);
    return lines.map((line, i) => `  ${i === 0 ? flag : " ".repeat(column)}${line}`).join("\n");
  }).join("\n");
}
function wrapWords(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

// src/cli/working-tree.ts
import path4 from "node:path";
var WORKING_TREE_LABEL = "working tree (uncommitted changes)";
async function uncommittedFiles(root, workDir) {
  const inside = path4.relative(root, workDir);
  const exclude = inside && !inside.startsWith("..") && !path4.isAbsolute(inside) ? [`:(exclude)${inside}`] : [];
  const git = new Git(root);
  const changed = await git.run(["diff", "--name-only", "HEAD", "--", ".", ...exclude]);
  const untracked = await git.run(["ls-files", "--others", "--exclude-standard", "--", ".", ...exclude]);
  return [.../* @__PURE__ */ new Set([...changed.split("\n"), ...untracked.split("\n")])].filter(Boolean);
}
function dirtyMessage(command, sha, files) {
  return command === "record" ? dirtyRecordMessage(sha, files) : dirtyCalibrateMessage(sha, files);
}
function shownFiles(files) {
  return files.slice(0, 3).join(", ") + (files.length > 3 ? `, \u2026 (${files.length} files)` : "");
}
function dirtyCalibrateMessage(sha, files) {
  return `calibrate measures commit ${sha.slice(0, 12)} against itself, but the working tree has uncommitted changes (${shownFiles(files)}) that only one arm would see: commit or stash them (git stash -u) first`;
}
function dirtyRecordMessage(sha, files) {
  const shown = shownFiles(files);
  return `record stores the run under commit ${sha.slice(0, 12)}, but the working tree has uncommitted changes (${shown}): commit or stash them (git stash -u) first, or measure them with 'loadgate compare'`;
}

// src/cli/output.ts
var EXIT = { ok: 0, blocked: 1, usage: 2, failed: 3 };
function writeOut(text) {
  process.stdout.write(text);
}
function printComparison(comparison, json) {
  if (json) return writeOut(`${JSON.stringify(comparison, null, 2)}
`);
  writeOut(`${renderTerminal(comparison, { color: colorWanted(process.stdout) })}
`);
  writeOut(`${commitsLine(comparison)}
`);
}
function colorWanted(stream, env = process.env) {
  const force = env.FORCE_COLOR;
  if (force !== void 0) return !["0", "false"].includes(force.toLowerCase());
  if (env.NO_COLOR) return false;
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}
function commitsLine(comparison) {
  const { base, head } = comparison.meta;
  const headText = head.ref === WORKING_TREE_LABEL ? `${WORKING_TREE_LABEL} on top of ${head.sha.slice(0, 12)}` : head.sha.slice(0, 12);
  return `base ${base ? base.sha.slice(0, 12) : "none"} \u2192 head ${headText}`;
}
async function writeHtmlReport(comparison, resultsDir) {
  const file = path5.join(resultsDir, "report.html");
  await writeFile(file, renderHtmlReport(comparison, {}));
  return file;
}
function printHelp(command) {
  writeOut(`${helpText(command)}
`);
  return EXIT.ok;
}

// src/cli/dashboard-command.ts
async function startDashboard(dir, dataDir, port) {
  const root = path6.resolve(dir);
  const site = path6.join(root, dataDir);
  for (const needed of ["index.html", path6.join("data", "index.json")]) {
    if (!existsSync(path6.join(site, needed))) {
      throw new SettingsError(
        `'${dir}' has no loadgate dashboard (${path6.join(dir, dataDir, needed)} is missing): expected a checkout of the gh-pages branch after a 'loadgate record' (e.g. git worktree add /tmp/pages gh-pages)`
      );
    }
  }
  try {
    const { url } = await serveDashboard(root, port);
    return `${url}${dataDir}/`;
  } catch (error) {
    if (error.code === "EADDRINUSE")
      throw new SettingsError(
        `Flag '--port' is '${port}': that port is already in use on 127.0.0.1; pass another, or 0 for any free port`
      );
    throw error;
  }
}
async function dashboardCommand(args) {
  const { values, positionals } = parseCommandArgs("dashboard", {
    args,
    allowPositionals: true,
    options: {
      port: { type: "string", default: "0" },
      "data-dir": { type: "string", default: builtInDefault("data-dir") },
      help: { type: "boolean", short: "h", default: false }
    }
  });
  if (values.help) return printHelp("dashboard");
  const dir = positionals[0];
  if (!dir) throw new SettingsError("Argument DIR is missing: expected a checkout of the gh-pages branch");
  const port = Number(values.port);
  if (!/^\d+$/.test(String(values.port)) || port > 65535) {
    throw new SettingsError(`Flag '--port' is '${values.port}': expected a port number (0 for any free one)`);
  }
  const url = await startDashboard(dir, String(values["data-dir"]), port);
  writeOut(`dashboard: ${url}
(Ctrl-C stops it)
`);
  await new Promise(() => {
  });
  return EXIT.ok;
}

// src/cli/history-command.ts
import { existsSync as existsSync2 } from "node:fs";
import { readdir } from "node:fs/promises";
import path7 from "node:path";
var DETECTOR_FLAGS = ["change-point-max-p", "change-point-min-change", "change-point-min-runs"];
async function historyCommand(args) {
  const { values, positionals } = parseCommandArgs("history", {
    args,
    allowPositionals: true,
    options: {
      "data-dir": { type: "string", default: builtInDefault("data-dir") },
      branch: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
      ...Object.fromEntries(DETECTOR_FLAGS.map((name) => [name, { type: "string" }]))
    }
  });
  if (values.help) return printHelp("history");
  const dir = positionals[0];
  if (!dir) throw new SettingsError("Argument DIR is missing: expected a checkout of the gh-pages branch");
  const flag = (name) => String(values[name] ?? builtInDefault(name));
  let detector;
  try {
    detector = {
      maxP: probability("change-point-max-p", flag("change-point-max-p")),
      minChange: parseFraction("change-point-min-change", flag("change-point-min-change")),
      minRuns: integer("change-point-min-runs", flag("change-point-min-runs"), 1, 1e3)
    };
  } catch (error) {
    throw asFlagError(error);
  }
  const dataDir = path7.join(path7.resolve(dir), String(values["data-dir"]), "data");
  if (!existsSync2(dataDir))
    throw new SettingsError(
      `'${dir}' has no loadgate history (${path7.join(dir, String(values["data-dir"]), "data")} is missing): expected a checkout of the gh-pages branch (e.g. git worktree add /tmp/pages gh-pages)`
    );
  const warn = (message) => process.stderr.write(`warning: ${message}
`);
  const shifts = [];
  for (const entry of (await readdir(dataDir, { withFileTypes: true })).sort(
    (a, b) => a.name.localeCompare(b.name)
  )) {
    if (!entry.isDirectory() || !BENCHMARK_NAME.test(entry.name)) continue;
    const records = await readRunFiles(path7.join(dataDir, entry.name, "runs"), path7.dirname(dataDir), warn);
    const found = historyShifts(records, {
      ...values.branch ? { branch: String(values.branch) } : {},
      fallback: defaultShiftRules(),
      detector
    });
    shifts.push(...found.shifts);
  }
  writeOut(values.json ? `${JSON.stringify(shifts, null, 2)}
` : renderShiftTable(shifts));
  return EXIT.ok;
}

// src/cli/merge-command.ts
import { mkdir } from "node:fs/promises";
import path8 from "node:path";
var SOURCE = "Argument DIR";
async function mergeCommand(args) {
  const { values, positionals } = parseCommandArgs("merge", {
    args,
    allowPositionals: true,
    options: {
      out: { type: "string", default: "loadgate-merged" },
      "fail-on": { type: "string", default: builtInDefault("fail-on") },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false }
    }
  });
  if (values.help) return printHelp("merge");
  if (positionals.length === 0)
    throw new SettingsError(
      "Argument DIR is missing: expected 'loadgate merge DIR...' with the segment jobs' work-dirs"
    );
  const failOn = parseFailOn(String(values["fail-on"]));
  const dirs = positionals.map((dir) => path8.resolve(dir));
  const benchmarks = await segmentBenchmarks(dirs, SOURCE);
  if (benchmarks.length === 0)
    throw new LoadgateError(
      `${positionals.join(", ")} holds no segment results: expected the work-dirs of 'segment: i/N' jobs`
    );
  const comparisons = [];
  for (const benchmark of benchmarks) {
    const results = await mergeSegments(await readSegments(dirs, benchmark, SOURCE));
    const dir = path8.resolve(String(values.out), benchmark);
    await mkdir(dir, { recursive: true });
    const resultsFile = path8.join(dir, "results.json");
    await writeResults(resultsFile, results);
    const comparison = { ...compareResults(results, { failOn }), resultsFile };
    await writeComparisonArtifact(comparison, path8.join(dir, "comparison.json"));
    const report = await writeHtmlReport(comparison, dir);
    comparisons.push(comparison);
    if (values.json) continue;
    printComparison(comparison, false);
    writeOut(`results: ${resultsFile}
report:  ${report}
`);
  }
  if (values.json) writeOut(`${JSON.stringify(comparisons, null, 2)}
`);
  return comparisons.some((c) => c.blocking) ? EXIT.blocked : EXIT.ok;
}

// src/cli/report-command.ts
import { readFile as readFile3, stat as stat2 } from "node:fs/promises";
var EXPECTED = "expected a comparison.json or the results.json of a 'loadgate compare' run";
async function readReportInput(file) {
  const document = await readJson(file);
  if (Array.isArray(document?.trials)) {
    const results = resultsFileSchema.safeParse(document);
    if (!results.success)
      throw new SettingsError(
        `'${file}' is not a valid results file (${firstIssue(results.error)}): ${EXPECTED}`
      );
    if (results.data.meta.base === null)
      throw new SettingsError(
        `'${file}' holds only the head's trials (a record run or a stored-baseline compare), so there is nothing to compare: ${EXPECTED}`
      );
    return compareResults(results.data, { failOn: parseFailOn(builtInDefault("fail-on")) });
  }
  const comparison = comparisonSchema.safeParse(document);
  if (!comparison.success)
    throw new SettingsError(
      `'${file}' is not a valid comparison (${firstIssue(comparison.error)}): ${EXPECTED}`
    );
  return comparison.data;
}
async function readJson(file) {
  let text;
  try {
    const size = (await stat2(file)).size;
    if (size > MAX_ARTIFACT_BYTES)
      throw new Error(`${size} bytes is over the ${MAX_ARTIFACT_BYTES}-byte limit`);
    text = await readFile3(file, "utf8");
  } catch (error) {
    const reason = error.code === "ENOENT" ? "no such file" : errorMessage(error).split("\n")[0];
    throw new SettingsError(`'${file}' cannot be read (${reason}): ${EXPECTED}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SettingsError(`'${file}' is not JSON (${errorMessage(error).split("\n")[0]}): ${EXPECTED}`);
  }
}
async function reportCommand(args) {
  const { values, positionals } = parseCommandArgs("report", {
    args,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false }
    }
  });
  if (values.help) return printHelp("report");
  const file = positionals[0];
  if (!file)
    throw new SettingsError(
      "Argument FILE is missing: expected 'loadgate report FILE' with a comparison.json"
    );
  const comparison = await readReportInput(file);
  printComparison(comparison, Boolean(values.json));
  return comparison.blocking ? EXIT.blocked : EXIT.ok;
}

// src/cli/work-dir.ts
import { createHash } from "node:crypto";
import { mkdir as mkdir2, readdir as readdir2, rename, rm, stat as stat3 } from "node:fs/promises";
import os from "node:os";
import path9 from "node:path";
var EARLIER_RUNS_KEPT = 5;
function defaultWorkDir(repositoryRoot) {
  const name = path9.basename(repositoryRoot).replace(/[^A-Za-z0-9._-]/g, "_");
  const hash = createHash("sha256").update(repositoryRoot).digest("hex").slice(0, 8);
  return path9.join(os.tmpdir(), `loadgate-${name}-${hash}`);
}
function earlierRunsDir(dir) {
  return `${dir}-earlier`;
}
async function startClean(dir) {
  const entries = await readdir2(dir).catch(() => []);
  let kept = null;
  if (entries.length > 0) {
    const ran = (await stat3(dir)).mtime.toISOString().replace(/[:.]/g, "-");
    kept = path9.join(earlierRunsDir(dir), ran);
    await mkdir2(earlierRunsDir(dir), { recursive: true });
    await rm(kept, { recursive: true, force: true });
    await rename(dir, kept);
    const runs = (await readdir2(earlierRunsDir(dir))).sort();
    for (const old of runs.slice(0, Math.max(0, runs.length - EARLIER_RUNS_KEPT)))
      await rm(path9.join(earlierRunsDir(dir), old), { recursive: true, force: true });
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir2(dir, { recursive: true });
  return kept;
}

// src/cli/calibrate-output.ts
import path10 from "node:path";

// src/settings/write-suggestion.ts
var import_yaml = __toESM(require_dist(), 1);
import { readFile as readFile4, rename as rename2, writeFile as writeFile2 } from "node:fs/promises";
var KEYS = { "min-rounds": "minRounds", "max-rounds": "maxRounds" };
function withSuggestion(text, file, suggestion) {
  const document = (0, import_yaml.parseDocument)(text, { keepSourceTokens: true });
  if (document.errors.length > 0)
    refuse(file, `it is not valid YAML (${document.errors[0].message.split("\n")[0]})`);
  if (text.trim() !== "" && !(0, import_yaml.isMap)(document.contents))
    refuse(file, "its top level is not a mapping of settings");
  for (const [key, field] of Object.entries(KEYS)) {
    const node = document.get(key, true);
    if (node !== void 0 && !(0, import_yaml.isScalar)(node)) refuse(file, `its '${key}' is not a single value`);
    if ((0, import_yaml.isScalar)(node)) node.value = suggestion[field];
    else addBeforeBenchmarks(document, key, suggestion[field]);
  }
  return document.toString();
}
function addBeforeBenchmarks(document, key, value) {
  if (!(0, import_yaml.isMap)(document.contents)) return void document.set(key, value);
  const items = document.contents.items;
  const at2 = items.findIndex((pair) => (0, import_yaml.isScalar)(pair.key) && pair.key.value === "benchmarks");
  items.splice(at2 === -1 ? items.length : at2, 0, document.createPair(key, value));
}
async function readConfigText(file) {
  try {
    return await readFile4(file, "utf8");
  } catch (error) {
    return refuse(file, `it cannot be read (${errorMessage(error)})`);
  }
}
async function assertUpdatable(file) {
  withSuggestion(await readConfigText(file), file, { minRounds: 1, maxRounds: 1 });
}
async function writeSuggestion(file, suggestion) {
  const updated = withSuggestion(await readConfigText(file), file, suggestion);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile2(temporary, updated);
  await rename2(temporary, file);
}
function refuse(file, why) {
  throw new SettingsError(
    `Flag '--write' cannot update '${file}': ${why}; set min-rounds and max-rounds by hand`
  );
}

// src/cli/calibrate-output.ts
async function printCalibrations(outcomes, options) {
  const calibrations = [];
  for (const outcome of outcomes) {
    const file = path10.join(path10.dirname(outcome.resultsFile), "calibration.json");
    const calibration = await readCalibration(file, "calibration");
    calibrations.push(calibration);
    if (options.json) continue;
    writeOut(`${renderCalibrationText(calibration)}
`);
    writeOut(`results: ${outcome.resultsFile}
calibration: ${file}

`);
  }
  if (options.json) writeOut(`${JSON.stringify(calibrations, null, 2)}
`);
  if (!options.write || calibrations.length === 0) return;
  const suggestion = {
    minRounds: Math.max(...calibrations.map((c) => c.suggestion.minRounds)),
    maxRounds: Math.max(...calibrations.map((c) => c.suggestion.maxRounds))
  };
  await writeSuggestion(options.write, suggestion);
  const line = `wrote min-rounds ${suggestion.minRounds}, max-rounds ${suggestion.maxRounds} into ${options.write}
`;
  if (options.json) process.stderr.write(line);
  else writeOut(line);
}

// src/cli/index.ts
function terminalReporter(json) {
  const log = json ? (m) => process.stderr.write(`${m}
`) : (m) => process.stdout.write(`${m}
`);
  return {
    info: log,
    warning: (message) => process.stderr.write(`warning: ${message}
`),
    group: async (title, work) => {
      log(`\u25B8 ${title}`);
      return work();
    },
    summary: () => {
    }
  };
}
async function localContext(workspace, head) {
  const git = new Git(workspace);
  const headSha = await git.revParse(head);
  const branch = await git.tryRun(["rev-parse", "--abbrev-ref", "HEAD"]) ?? "";
  const base = readRunContext({ ...process.env, GITHUB_EVENT_PATH: "", GITHUB_WORKSPACE: workspace });
  return {
    ...base,
    eventName: "local",
    headSha,
    branch: branch === "HEAD" ? "" : branch,
    pullRequest: null,
    fromFork: false
  };
}
async function measureCommand(command, args) {
  const refs = { base: { type: "string" }, head: { type: "string" } };
  const { values } = parseCommandArgs(command, {
    args,
    options: {
      ...command === "calibrate" ? { write: { type: "boolean", default: false } } : refs,
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
      ...settingFlags(command)
    }
  });
  if (values.help) return printHelp(command);
  if (command === "compare" && !values.base)
    throw new SettingsError("Flag '--base' is missing: expected the ref to compare against");
  if (values.write && !values.config)
    throw new SettingsError(
      "Flag '--write' needs '--config FILE': the loadgate.yml to write the suggestion into"
    );
  const cwd = process.cwd();
  const root = await new Git(cwd).tryRun(["rev-parse", "--show-toplevel"]) ?? "";
  if (!root) throw new SettingsError(`'${cwd}' is not inside a git repository: loadgate compares commits`);
  const json = Boolean(values.json);
  const reporter = terminalReporter(json);
  const baseRef = values.base ? await resolveRef(root, String(values.base), "base") : "";
  installSignalHandlers();
  let workspace = root;
  let removeHeadWorktree = async () => {
  };
  if (values.head) {
    const worktree = await createWorktree(root, String(values.head));
    workspace = worktree.dir;
    removeHeadWorktree = worktree.remove;
  }
  try {
    const context = await localContext(workspace, "HEAD");
    const read = (name) => {
      if (name === "mode") return command;
      if (name === "base-ref") return baseRef;
      const value = values[name];
      return typeof value === "string" ? value : "";
    };
    const workDir = defaultWorkDir(root);
    const settings = asSettings(
      () => loadSettings(read, { workspace, eventName: "local", defaultWorkDir: workDir, cwd })
    );
    const dirty = values.head ? [] : await uncommittedFiles(root, settings.workDir);
    if (dirty.length > 0 && command !== "compare")
      throw new SettingsError(dirtyMessage(command, context.headSha, dirty));
    if (dirty.length > 0) {
      settings.headLabel = WORKING_TREE_LABEL;
      reporter.info(
        `head: the ${WORKING_TREE_LABEL} on top of ${context.headSha.slice(0, 12)} (${dirty.length} files)`
      );
    }
    if (values.write) await assertUpdatable(path11.resolve(cwd, String(values.config)));
    if (settings.workDir === workDir) {
      const earlier = await startClean(workDir);
      if (earlier) reporter.info(`the previous run's files (report.html, results) are now in ${earlier}`);
    }
    const outcomes = [];
    for (const bench of settings.benchmarks) {
      outcomes.push(await runBenchmark(settings, bench, context, reporter));
    }
    if (command === "calibrate") {
      const config = values.write ? path11.resolve(cwd, String(values.config)) : "";
      await printCalibrations(outcomes, { json, write: config });
      return EXIT.ok;
    }
    await printOutcomes(command, outcomes, json);
    return outcomes.some((o) => o.blocking) ? EXIT.blocked : EXIT.ok;
  } finally {
    await removeHeadWorktree();
  }
}
function asSettings(load) {
  try {
    return load();
  } catch (error) {
    throw asFlagError(error);
  }
}
async function printOutcomes(command, outcomes, json) {
  const comparisons = [];
  for (const outcome of outcomes) {
    if (!outcome.resultsFile) continue;
    const dir = path11.dirname(outcome.resultsFile);
    const comparison = command === "compare" ? await readComparisonArtifact(path11.join(dir, "comparison.json")) : null;
    const report = comparison ? await writeHtmlReport(comparison, dir) : "";
    if (comparison) comparisons.push(comparison);
    if (json) continue;
    if (comparison) printComparison(comparison, false);
    else writeOut(`${outcome.headline}
`);
    writeOut(`results: ${outcome.resultsFile}
`);
    if (report) writeOut(`report:  ${report}
`);
  }
  if (json) writeOut(`${JSON.stringify(command === "compare" ? comparisons : outcomes, null, 2)}
`);
}
async function resolveRef(root, ref, flag) {
  return new Git(root).revParse(ref).catch(() => {
    throw new SettingsError(`Flag '--${flag}' is '${ref}': expected a commit or ref of this repository`);
  });
}
async function createWorktree(root, ref) {
  const git = new Git(root);
  const sha = await resolveRef(root, ref, "head");
  const dir = path11.join(os2.tmpdir(), `loadgate-head-${sha.slice(0, 12)}-${process.pid}`);
  const remove = track({ kind: "worktree", id: dir, path: root }, async () => {
    await git.tryRun(["worktree", "remove", "--force", dir], { cleanup: true });
    await rm2(dir, { recursive: true, force: true });
    await git.tryRun(["worktree", "prune"], { cleanup: true });
  });
  try {
    await git.run(["worktree", "add", "--detach", "--quiet", dir, sha]);
  } catch (error) {
    await remove();
    throw error;
  }
  return { dir, remove };
}
var watchingOutput = false;
function stopOnOutputError() {
  if (watchingOutput) return;
  watchingOutput = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on(
      "error",
      (error) => stopRun("SIGPIPE", EXIT.failed, `cannot write the output (${error.code ?? error.message})`)
    );
  }
}
var COMMANDS = ["compare", "record", "calibrate", "merge", "report", "dashboard", "history"];
function knownCommand(name) {
  if (COMMANDS.includes(name)) return name;
  const meant = closestName(name, COMMANDS);
  const suggestion = meant ? `did you mean '${meant}'? ` : "";
  const expected = `${COMMANDS.slice(0, -1).join(", ")} or ${COMMANDS.at(-1)}`;
  throw new SettingsError(`Unknown command '${name}': ${suggestion}expected ${expected}`);
}
async function main(argv) {
  const [command, ...rest] = argv;
  stopOnOutputError();
  try {
    switch (command) {
      case "compare":
      case "record":
      case "calibrate":
        if (command === "record" && isPushOnly(rest))
          return await pushOnlyCommand(rest, terminalReporter(false));
        return await measureCommand(command, rest);
      case "report":
        return await reportCommand(rest);
      case "dashboard":
        return await dashboardCommand(rest);
      case "history":
        return await historyCommand(rest);
      case "merge":
        return await mergeCommand(rest);
      case void 0:
      case "--help":
      case "-h":
        return printHelp("main");
      case "help":
        return printHelp(rest[0] === void 0 ? "main" : knownCommand(rest[0]));
      case "version":
      case "--version":
      case "-V":
        writeOut(`loadgate ${VERSION}
`);
        return EXIT.ok;
      default:
        knownCommand(command);
        return EXIT.usage;
    }
  } catch (thrown) {
    const error = usageError(thrown, command ?? "");
    process.stderr.write(`loadgate: ${errorMessage(error)}
`);
    return error instanceof SettingsError ? EXIT.usage : EXIT.failed;
  } finally {
    await cleanupAll((message) => process.stderr.write(`loadgate: ${message}
`));
  }
}
process.exitCode = await main(process.argv.slice(2));
export {
  EXIT,
  main
};
