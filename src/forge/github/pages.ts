/** The GitHub Pages address of the dashboard, opening a benchmark (and series) through the fragment. */
export function dashboardUrl(
  repository: string,
  dataDir: string,
  benchmark?: string,
  series?: string,
  serverUrl = 'https://github.com',
): string {
  const [owner = '', repo = ''] = repository.split('/')
  const host = new URL(serverUrl).host
  const base =
    host === 'github.com'
      ? repo.toLowerCase() === `${owner.toLowerCase()}.github.io`
        ? `https://${owner.toLowerCase()}.github.io/`
        : `https://${owner.toLowerCase()}.github.io/${repo}/`
      : `${serverUrl.replace(/\/$/, '')}/pages/${owner}/${repo}/`
  const fragment = [
    benchmark && `bench=${encodeURIComponent(benchmark)}`,
    series && `series=${encodeURIComponent(series)}`,
  ]
    .filter(Boolean)
    .join('&')
  return `${base}${dataDir}/${fragment ? `#${fragment}` : ''}`
}
