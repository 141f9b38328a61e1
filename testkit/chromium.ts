import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, headless, with nothing reaching for the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.LOADGATE_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}
