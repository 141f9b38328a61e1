import { marked } from 'marked'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { launchChromium } from './chromium'

const STYLE = `body{font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2328;margin:0;padding:24px;background:#fff}
.comment{border:1px solid #d0d7de;border-radius:6px;max-width:900px}.head{background:#f6f8fa;border-bottom:1px solid #d0d7de;padding:8px 16px;color:#59636e}
.body{padding:8px 16px}table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d0d7de;padding:4px 10px}th{background:#f6f8fa}
h3{font-size:1.15em}code{background:#eff1f3;padding:1px 4px;border-radius:4px}a{color:#0969da}`

/** A PR comment's markdown as a page that shows it the way GitHub does. */
export function commentPage(markdown: string): string {
  return `<!doctype html><meta charset="utf-8"><style>${STYLE}</style><div class="comment"><div class="head"><b>github-actions</b> bot commented</div><div class="body">${marked.parse(markdown, { async: false })}</div></div>`
}

/** Renders a PR comment's markdown the way GitHub shows it, and saves a PNG. */
export async function screenshotComment(markdown: string, file: string): Promise<void> {
  const html = commentPage(markdown)
  await mkdir(path.dirname(file), { recursive: true })
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 980, height: 600 } })
    await page.setContent(html)
    await page.locator('.comment').screenshot({ path: file })
  } finally {
    await browser.close()
  }
}
