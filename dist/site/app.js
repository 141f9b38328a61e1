// loadgate dashboard: reads data/index.json, then a benchmark's data/<bench>/runs.json, and each
// series' file under data/<bench>/series/ when its chart scrolls into view (all written by
// loadgate's record mode). All data text is untrusted: it only reaches the page through textContent.
;(function () {
  'use strict'

  const SCHEMA_VERSION = 2
  // The verdicts the default fail-on blocks on: src/store/badge.ts, FAILING_VERDICTS.
  const BAD = new Set(['REGRESSION', 'TARGET_MISSED', 'INVALID'])
  const state = {
    index: null,
    bench: null,
    data: null,
    /** Series key → promise of its metrics' columns, fetched once per benchmark. */
    seriesCache: new Map(),
    charts: [],
    observer: null,
    /** Bumped by every render: a chart whose data arrives after the next render is not drawn. */
    generation: 0,
    firstDrawn: false,
    /** Legend entries turned off, per chart kind: their lines are hidden in every chart. */
    hidden: { latency: new Set(), traffic: new Set() },
  }
  /** Each legend entry and the chart series (uPlot indexes) it shows. */
  const LEGEND = {
    latency: [
      { name: 'p50', color: '--p50', series: [1, 2, 3] },
      { name: 'p90', color: '--p90', series: [4, 5, 6] },
      { name: 'p99', color: '--p99', series: [7] },
      { name: 'blocked: regression, target, invalid', color: '--bad', series: [8] },
      { name: 'imported', color: '--imported', series: [9] },
    ],
    traffic: [
      { name: 'throughput (left)', color: '--throughput', series: [1] },
      { name: 'error rate (right)', color: '--errors', series: [2] },
      { name: 'blocked: regression, target, invalid', color: '--bad', series: [3] },
      { name: 'imported', color: '--imported', series: [4] },
    ],
  }
  /** Where an imported run's marker sits: the first of these its tool reported. */
  const IMPORTED_AT = { latency: ['p90', 'p50', 'p95', 'p99', 'mean'], traffic: ['throughput', 'error_rate'] }
  const byCommit = () => $('x-axis').value === 'commit'
  const $ = (id) => document.getElementById(id)

  function css(name) {
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag)
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === 'text') node.textContent = value
      else node.setAttribute(key, value)
    }
    for (const child of children) if (child) node.append(child)
    return node
  }

  function parseFragment() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ''))
    return { bench: params.get('bench'), series: params.get('series'), shift: params.get('shift') }
  }

  function setFragment(bench, series, shift) {
    const params = new URLSearchParams()
    if (bench) params.set('bench', bench)
    if (series) params.set('series', series)
    if (shift) params.set('shift', shift)
    history.replaceState(null, '', `#${params.toString()}`)
  }

  async function getJson(url) {
    const response = await fetch(url, { cache: 'no-cache' })
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
    const json = await response.json()
    if (json.schemaVersion !== SCHEMA_VERSION)
      throw new Error(`${url}: unsupported schemaVersion ${json.schemaVersion}`)
    return json
  }

  function status(text) {
    $('status').textContent = text
    $('status').hidden = !text
  }

  /** Indexes of runs passing the branch and date filters. */
  function visibleRuns() {
    const branch = $('branch').value
    const from = $('from').value ? Date.parse(`${$('from').value}T00:00:00Z`) : -Infinity
    const to = $('to').value ? Date.parse(`${$('to').value}T23:59:59Z`) : Infinity
    const keep = []
    state.data.runs.forEach((run, i) => {
      if ((!branch || run.branch === branch) && run.time >= from && run.time <= to) keep.push(i)
    })
    return keep
  }

  function pick(column, keep) {
    return keep.map((i) => (column && column[i] !== undefined ? column[i] : null))
  }

  function tooltipFor(run) {
    const tip = $('tooltip')
    const lines = [
      el(
        'div',
        {},
        el('span', { class: 'sha', text: run.sha.slice(0, 7) }),
        document.createTextNode(` · ${run.branch}`),
      ),
      el('div', { class: 'message', text: run.message || '(no message)' }),
      el('div', { class: 'muted', text: `${run.author} · ${new Date(run.time).toLocaleString()}` }),
      el('div', { class: 'muted', text: run.runner || '' }),
    ]
    if (run.imported)
      lines.push(
        el('div', { class: 'imported', text: `imported from ${run.imported}: drawn, never a baseline` }),
      )
    if (run.verdict)
      lines.push(
        el('div', { class: BAD.has(run.verdict) ? 'verdict-bad' : 'muted', text: `verdict: ${run.verdict}` }),
      )
    tip.replaceChildren(...lines)
  }

  const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'
  const DAY = 86400
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
  const two = (n) => String(n).padStart(2, '0')
  let measureContext = null

  function textWidth(text) {
    measureContext = measureContext || document.createElement('canvas').getContext('2d')
    measureContext.font = AXIS_FONT
    return measureContext.measureText(text).width
  }

  /** One line per tick, as short as the tick step allows: a time within a day, a date across days. */
  function timeLabel(seconds, step, span) {
    const d = new Date(seconds * 1000)
    const date = `${MONTHS[d.getMonth()]} ${d.getDate()}`
    const time = `${two(d.getHours())}:${two(d.getMinutes())}`
    if (step >= 28 * DAY) return `${MONTHS[d.getMonth()]} ${d.getFullYear()}`
    if (step >= DAY) return date
    if (span > DAY) return `${date} ${time}`
    return step < 60 ? `${time}:${two(d.getSeconds())}` : time
  }

  /** The widest label a span can get, plus a gap: uPlot never puts two ticks closer than this. */
  function timeSpace(self, axisIdx, min, max) {
    const span = max - min
    const widest = span > DAY ? 'Sep 30 00:00' : '00:00:00'
    return Math.ceil(textWidth(widest)) + 24
  }

  /**
   * A y-axis tick label: its number and unit. A log scale labels only some of
   * its ticks and passes null for the others, which stay blank.
   */
  function axisNumber(value, unit) {
    if (value === null || value === undefined || !Number.isFinite(value)) return ''
    // toPrecision(12) only drops floating-point noise (0.30000000000000004): 1025 stays 1025.
    return `${Number(value.toPrecision(12))}${unit}`
  }

  /** The size of a change, as labels show it: +18%, −4.2%. */
  function signedPercent(change) {
    const value = Math.abs(change) * 100
    return `${change < 0 ? '−' : '+'}${value.toFixed(value >= 10 ? 0 : 1)}%`
  }

  /** Change points of a series drawn in this chart: latency charts show its latencies' shifts (p90, the default gated tail, included), traffic charts throughput's. */
  function bandsFor(key, kind) {
    const metrics = kind === 'latency' ? ['p50', 'p90', 'p95', 'p99'] : ['throughput', 'error_rate']
    return (state.data.shifts || []).filter((s) => s.series === key && metrics.includes(s.metric))
  }

  /** Draws each change point as a shaded band from the last run before it to the first after, with its size. */
  function bandHook(bands) {
    return (u) => {
      const ctx = u.ctx
      const { top, height } = u.bbox
      ctx.save()
      ctx.font = `${Math.round(11 * devicePixelRatio)}px system-ui, sans-serif`
      bands.forEach((band, i) => {
        const left = u.valToPos(xOfTime(u, band.from), 'x', true)
        const right = u.valToPos(xOfTime(u, band.to), 'x', true)
        const color = band.environmentChanged ? css('--muted') : band.worse ? css('--bad') : css('--p50')
        ctx.fillStyle = color + '40'
        ctx.fillRect(left, top, Math.max(right - left, 2 * devicePixelRatio), height)
        ctx.fillStyle = color
        const label = `${band.metric} ${signedPercent(band.change)}${band.environmentChanged ? ' env' : ''}`
        ctx.fillText(label, right + 4 * devicePixelRatio, top + (12 + 12 * i) * devicePixelRatio)
      })
      ctx.restore()
    }
  }

  /** Where a run's time (seconds) is on the x axis: itself, or by commit the index of that run. */
  function xOfTime(u, seconds) {
    if (u.scales.x.time) return seconds
    const index = u.__times.findIndex((t) => t >= seconds)
    return index === -1 ? u.__times.length - 1 : index
  }

  function chartOptions(kind, width, keep) {
    const axisColor = css('--muted')
    const grid = { stroke: css('--border'), width: 1 }
    const commitAxis = {
      stroke: axisColor,
      grid,
      font: AXIS_FONT,
      space: Math.ceil(textWidth('0000000')) + 24,
      incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
      values: (u, splits) =>
        splits.map((v) =>
          Number.isInteger(v) && keep[v] !== undefined ? state.data.runs[keep[v]].sha.slice(0, 7) : '',
        ),
    }
    const axes = [
      byCommit()
        ? commitAxis
        : {
            stroke: axisColor,
            grid,
            font: AXIS_FONT,
            space: timeSpace,
            values: (u, splits, axisIdx, space, step) =>
              splits.map((v) => timeLabel(v, step, u.scales.x.max - u.scales.x.min)),
          },
      {
        stroke: axisColor,
        grid,
        font: AXIS_FONT,
        size: 60,
        values: (u, vals) => vals.map((v) => axisNumber(v, kind === 'latency' ? ' ms' : '/s')),
      },
    ]
    const marker = {
      label: 'blocked: regression, target, invalid',
      stroke: css('--bad'),
      width: 0,
      points: { show: true, size: 9, stroke: css('--bad'), fill: css('--bad') },
      paths: () => null,
    }
    // Hollow: another tool measured these runs, by its own method.
    const importedMarker = {
      label: 'imported',
      stroke: css('--imported'),
      width: 0,
      points: { show: true, size: 8, width: 2, stroke: css('--imported'), fill: css('--bg') },
      paths: () => null,
    }
    const tooltipHooks = {
      setCursor: [
        (u) => {
          const idx = u.cursor.idx
          const tip = $('tooltip')
          if (idx === null || idx === undefined || u.cursor.left < 0) {
            tip.hidden = true
            return
          }
          tooltipFor(state.data.runs[keep[idx]])
          const rect = u.over.getBoundingClientRect()
          tip.hidden = false
          tip.style.left = `${Math.min(window.innerWidth - 260, rect.left + u.cursor.left + 12)}px`
          tip.style.top = `${rect.top + u.cursor.top + 12}px`
        },
      ],
    }
    if (kind === 'latency') {
      const band = (color) => color + '33'
      return {
        width,
        height: 220,
        scales: { x: { time: !byCommit() }, y: { distr: $('log-scale').checked ? 3 : 1 } },
        axes,
        cursor: { points: { size: 6 } },
        series: [
          {},
          { label: 'p50 low', stroke: 'transparent', points: { show: false } },
          { label: 'p50', stroke: css('--p50'), width: 2 },
          { label: 'p50 high', stroke: 'transparent', points: { show: false } },
          { label: 'p90 low', stroke: 'transparent', points: { show: false } },
          { label: 'p90', stroke: css('--p90'), width: 2 },
          { label: 'p90 high', stroke: 'transparent', points: { show: false } },
          { label: 'p99', stroke: css('--p99'), width: 1.5, dash: [6, 4] },
          marker,
          importedMarker,
        ],
        bands: [
          { series: [3, 1], fill: band(css('--p50')) },
          { series: [6, 4], fill: band(css('--p90')) },
        ],
        hooks: tooltipHooks,
        legend: { show: false },
      }
    }
    return {
      width,
      height: 160,
      // From zero: a 450–451/s axis would draw a 0.2% wobble as a cliff.
      scales: {
        x: { time: !byCommit() },
        y: { range: (u, min, max) => [0, max > 0 ? max * 1.1 : 1] },
        errors: { range: (u, min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        axes[0],
        axes[1],
        {
          scale: 'errors',
          side: 1,
          stroke: css('--errors'),
          grid: { show: false },
          values: (u, vals) => vals.map((v) => axisNumber(v, '%')),
        },
      ],
      series: [
        {},
        { label: 'throughput', stroke: css('--throughput'), width: 2 },
        { label: 'errors', stroke: css('--errors'), width: 1.5, scale: 'errors' },
        marker,
        importedMarker,
      ],
      hooks: tooltipHooks,
      legend: { show: false },
    }
  }

  function chartData(kind, metrics, keep) {
    const x = keep.map((i, index) => (byCommit() ? index : state.data.runs[i].time / 1000))
    const badIdx = keep.map((i) => BAD.has(state.data.runs[i].verdict))
    const col = (metric, part) => pick(metrics[metric] && metrics[metric][part], keep)
    const importedAt = keep.map((run) => {
      if (!state.data.runs[run].imported) return null
      const metric = IMPORTED_AT[kind].find((m) => metrics[m] && metrics[m].median[run] != null)
      if (!metric) return null
      const value = metrics[metric].median[run]
      return metric === 'error_rate' ? value * 100 : value
    })
    if (kind === 'latency') {
      const p90 = col('p90', 'median')
      return [
        x,
        col('p50', 'low'),
        col('p50', 'median'),
        col('p50', 'high'),
        col('p90', 'low'),
        p90,
        col('p90', 'high'),
        col('p99', 'median'),
        p90.map((v, i) => (badIdx[i] ? v : null)),
        importedAt,
      ]
    }
    const throughput = col('throughput', 'median')
    const errors = col('error_rate', 'median').map((v) => (v === null ? null : v * 100))
    return [x, throughput, errors, throughput.map((v, i) => (badIdx[i] ? v : null)), importedAt]
  }

  function seriesMetrics(key) {
    if (!state.seriesCache.has(key)) {
      const url = `data/${encodeURIComponent(state.bench)}/series/${encodeURIComponent(state.data.seriesFiles.get(key))}`
      state.seriesCache.set(
        key,
        getJson(url).then((file) => file.metrics),
      )
    }
    return state.seriesCache.get(key)
  }

  function drawChart(container) {
    if (container.dataset.drawn) return
    container.dataset.drawn = '1'
    const generation = state.generation
    seriesMetrics(container.dataset.key).then(
      (metrics) => {
        if (generation === state.generation) plot(container, metrics)
      },
      (error) => {
        container.textContent = `Could not load this chart: ${error.message}`
      },
    )
  }

  function plot(container, metrics) {
    const keep = visibleRuns()
    const { kind } = container.dataset
    const width = Math.max(280, container.clientWidth || container.parentElement.clientWidth - 24)
    const options = chartOptions(kind, width, keep)
    const bands = bandsFor(container.dataset.key, kind)
    options.hooks = { ...options.hooks, draw: [bandHook(bands)] }
    container.dataset.bands = String(bands.length)
    options.hooks.setScale = [() => ($('reset-zoom').hidden = !state.charts.some(zoomed))]
    const chart = new uPlot(options, chartData(kind, metrics, keep), container)
    chart.__times = keep.map((i) => state.data.runs[i].time / 1000)
    for (const entry of LEGEND[kind])
      if (state.hidden[kind].has(entry.name))
        for (const index of entry.series) chart.setSeries(index, { show: false })
    chart.over.addEventListener('click', () => {
      const idx = chart.cursor.idx
      const run = idx === null || idx === undefined ? null : state.data.runs[keep[idx]]
      const repository = state.data.repository
      if (run && /^[\w.-]+\/[\w.-]+$/.test(repository) && /^[0-9a-f]{7,40}$/.test(run.sha)) {
        window.open(`https://github.com/${repository}/commit/${run.sha}`, '_blank', 'noopener')
      }
    })
    container.dataset.points = String(keep.length)
    container.dataset.imported = String(keep.filter((i) => state.data.runs[i].imported).length)
    state.charts.push(chart)
    window.__loadgateCharts = state.charts
    if (!state.firstDrawn) {
      state.firstDrawn = true
      window.__loadgateFirstChart = performance.now()
    }
  }

  /** A legend whose entries are buttons: one turns its lines off (or on) in every chart of its kind. */
  function legend(kind) {
    const imported = state.data.runs.some((run) => run.imported)
    const entries = LEGEND[kind].filter((entry) => imported || entry.name !== 'imported')
    const items = entries.map((entry) => {
      const button = el(
        'button',
        { type: 'button', 'aria-pressed': String(!state.hidden[kind].has(entry.name)) },
        el('i', { style: `background:${css(entry.color)}` }),
        document.createTextNode(entry.name),
      )
      button.dataset.entry = entry.name
      button.addEventListener('click', () => toggleLegend(kind, entry))
      return button
    })
    return el('div', { class: 'legend', 'data-kind': kind }, ...items)
  }

  function toggleLegend(kind, entry) {
    const hidden = state.hidden[kind]
    const show = hidden.has(entry.name)
    if (show) hidden.delete(entry.name)
    else hidden.add(entry.name)
    for (const button of document.querySelectorAll(`.legend[data-kind="${kind}"] button`))
      if (button.dataset.entry === entry.name) button.setAttribute('aria-pressed', String(show))
    for (const chart of state.charts)
      if (chart.root.parentElement.dataset.kind === kind)
        for (const index of entry.series) chart.setSeries(index, { show })
  }

  /** Whether a chart shows less than all of its runs (a drag zoomed it). */
  function zoomed(chart) {
    const xs = chart.data[0]
    if (!xs || xs.length < 2) return false
    return chart.scales.x.min > xs[0] || chart.scales.x.max < xs[xs.length - 1]
  }

  function resetZoom() {
    for (const chart of state.charts) {
      const xs = chart.data[0]
      if (xs && xs.length) chart.setScale('x', { min: xs[0], max: xs[xs.length - 1] })
    }
    $('reset-zoom').hidden = true
  }

  /** Series keys the search box keeps: every word must appear, in any case. */
  function matchesSearch(key) {
    const words = $('series-search').value.toLowerCase().split(/\s+/).filter(Boolean)
    return words.every((word) => key.toLowerCase().includes(word))
  }

  function render(focusSeries) {
    state.generation++
    for (const chart of state.charts) chart.destroy()
    state.charts = []
    if (state.observer) state.observer.disconnect()
    const main = $('charts')
    main.replaceChildren()
    const allKeys = [...state.data.seriesFiles.keys()].sort((a, b) =>
      a === 'all requests' ? -1 : b === 'all requests' ? 1 : a.localeCompare(b),
    )
    const keys = allKeys.filter(matchesSearch)
    const keep = visibleRuns()
    renderShiftList()
    const seriesCount = keys.length === allKeys.length ? '' : ` · ${keys.length} of ${allKeys.length} series`
    $('count').textContent = `${keep.length} of ${state.data.runs.length} runs${seriesCount}`
    $('reset-zoom').hidden = true
    if (allKeys.length === 0 || state.data.runs.length === 0) {
      status('No runs recorded for this benchmark yet.')
      return
    }
    if (keys.length === 0) {
      status(`No series matches “${$('series-search').value}”.`)
      return
    }
    status('')
    state.observer = new IntersectionObserver(
      (entries) => entries.filter((e) => e.isIntersecting).forEach((e) => drawChart(e.target)),
      { rootMargin: '200px' },
    )
    let focused = null
    for (const key of keys) {
      const title = el('a', { href: '#', text: key })
      title.addEventListener('click', (event) => {
        event.preventDefault()
        setFragment(state.bench, key)
        highlight(card)
      })
      const card = el('section', { class: 'card', 'data-series': key }, el('h2', {}, title))
      for (const kind of ['latency', 'traffic']) {
        card.append(legend(kind))
        const chart = el('div', { class: 'chart', 'data-kind': kind })
        chart.dataset.key = key
        card.append(chart)
      }
      main.append(card)
      if (key === focusSeries) focused = card
    }
    const first = focused || main.firstElementChild
    // Draw what the reader looks at first, then the rest as they scroll into view.
    for (const chart of first.querySelectorAll('.chart')) drawChart(chart)
    for (const chart of main.querySelectorAll('.chart')) state.observer.observe(chart)
    if (focused) {
      highlight(focused)
      focused.scrollIntoView({ block: 'start' })
    }
  }

  /**
   * The shifts still standing whose series the search keeps, one line per commit they start at
   * (newest first): a change that moved every endpoint is one line, its shifts one click away.
   */
  function renderShiftList() {
    const open = state.data.shifts
      .filter((s) => s.open && typeof s.series === 'string' && typeof s.toSha === 'string')
      .filter((s) => matchesSearch(s.series))
      .sort((a, b) => b.to - a.to)
    const groups = new Map()
    for (const shift of open) {
      if (!groups.has(shift.toSha)) groups.set(shift.toSha, [])
      groups.get(shift.toSha).push(shift)
    }
    const expanded = new Set(
      [...document.querySelectorAll('#shift-list details[open]')].map((d) => d.dataset.sha),
    )
    expanded.add(parseFragment().shift)
    $('shifts').hidden = open.length === 0
    $('shift-list').replaceChildren(
      ...[...groups].map(([sha, shifts]) => shiftGroup(sha, shifts, expanded.has(sha))),
    )
  }

  /** One commit's shifts: a summary line (the commit, how many shifts in how many series), then each. */
  function shiftGroup(sha, shifts, expanded) {
    const series = new Set(shifts.map((s) => s.series)).size
    const first = shifts[0].to * 1000
    const run = state.data.runs.find((r) => r.time === first && r.sha.startsWith(sha))
    const message = run && run.message ? ` ${run.message.split('\n')[0].slice(0, 80)}` : ''
    const summary = el(
      'summary',
      {},
      document.createTextNode('since '),
      el('span', { class: 'sha', text: sha.slice(0, 7) }),
      el('span', { class: 'muted', text: message }),
      document.createTextNode(
        ` · ${shifts.length} ${shifts.length === 1 ? 'shift' : 'shifts'} in ${series} series`,
      ),
    )
    const details = el('details', {}, summary, el('ul', {}, ...shifts.map(shiftItem)))
    details.open = expanded
    details.dataset.sha = sha
    return el('li', {}, details)
  }

  /** One shift, a link that opens its series' chart. */
  function shiftItem(shift) {
    const link = el('a', {
      href: '#',
      text: `${shift.metric} of ${shift.series} ${signedPercent(shift.change)}`,
    })
    link.addEventListener('click', (event) => {
      event.preventDefault()
      setFragment(state.bench, shift.series, shift.toSha)
      const card = [...document.querySelectorAll('.card')].find((c) => c.dataset.series === shift.series)
      if (card) {
        highlight(card)
        card.scrollIntoView({ block: 'start' })
      }
    })
    return el('li', {}, link)
  }

  function highlight(card) {
    for (const other of document.querySelectorAll('.card.highlight')) other.classList.remove('highlight')
    card.classList.add('highlight')
  }

  /** runs.json's columns as one object per run (time in ms), and where each series' file is. */
  function runsData(file) {
    const columns = file.runs
    const values = file.values
    const runs = columns.id.map((id, i) => ({
      id,
      time: columns.time[i] * 1000,
      sha: columns.sha[i],
      message: columns.message[i],
      branch: values.branch[columns.branch[i]],
      author: values.author[columns.author[i]],
      runner: values.runner[columns.runner[i]],
      verdict: values.verdict[columns.verdict[i]],
      // Absent in histories with no imported run; '' for a measured run.
      imported: columns.imported && values.imported ? values.imported[columns.imported[i]] || '' : '',
    }))
    const seriesFiles = new Map(file.series.map((s) => [s.key, s.file]))
    const shifts = Array.isArray(file.shifts) ? file.shifts : []
    return { repository: file.repository, runs, seriesFiles, shifts }
  }

  async function selectBenchmark(name, focusSeries) {
    state.bench = name
    for (const button of $('benchmarks').children)
      button.setAttribute('aria-current', String(button.dataset.name === name))
    status('Loading…')
    state.seriesCache = new Map()
    try {
      state.data = runsData(await getJson(`data/${encodeURIComponent(name)}/runs.json`))
    } catch (error) {
      status(`Could not load ${name}: ${error.message}`)
      return
    }
    const branches = [...new Set(state.data.runs.map((r) => r.branch))].sort()
    const select = $('branch')
    const current = select.value
    select.replaceChildren(
      el('option', { value: '', text: 'all branches' }),
      ...branches.map((b) => el('option', { value: b, text: b })),
    )
    select.value = branches.includes(current) ? current : ''
    setFragment(name, focusSeries, parseFragment().shift)
    render(focusSeries)
  }

  async function start() {
    try {
      state.index = await getJson('data/index.json')
    } catch (error) {
      status(`Could not load the history: ${error.message}`)
      return
    }
    const nav = $('benchmarks')
    for (const bench of state.index.benchmarks) {
      const button = el('button', { type: 'button', text: bench.name })
      button.dataset.name = bench.name
      button.addEventListener('click', () => selectBenchmark(bench.name, null))
      nav.append(button)
    }
    if (state.index.benchmarks.length === 0) {
      status('No benchmarks recorded yet.')
      return
    }
    const wanted = parseFragment()
    const bench = state.index.benchmarks.find((b) => b.name === wanted.bench) || state.index.benchmarks[0]
    await selectBenchmark(bench.name, wanted.bench === bench.name ? wanted.series : null)
  }

  for (const id of ['branch', 'from', 'to', 'x-axis', 'log-scale'])
    $(id).addEventListener('change', () => render(parseFragment().series))
  $('series-search').addEventListener('input', () => render(parseFragment().series))
  $('reset-zoom').addEventListener('click', resetZoom)
  window.addEventListener('hashchange', () => {
    const wanted = parseFragment()
    if (wanted.bench && wanted.bench !== state.bench) selectBenchmark(wanted.bench, wanted.series)
  })
  window.addEventListener('resize', () => {
    for (const chart of state.charts) {
      const width = chart.root.parentElement.clientWidth
      if (width > 0) chart.setSize({ width, height: chart.height })
    }
  })
  start()
})()
