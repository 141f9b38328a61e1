import { createServer } from 'node:http'

/** How the receiver answers: 200, a 500, or never (the request hangs until the receiver closes). */
export type ReceiverMode = 'ok' | 'fail' | 'hang'

export interface WebhookReceiver {
  /** The webhook's URL, with a secret path as Slack's have. */
  url: string
  /** The secret part of the URL: it must appear in no log line. */
  secret: string
  /** Every request's parsed JSON body, in order. */
  bodies: unknown[]
  mode: ReceiverMode
  close: () => Promise<void>
}

/** A webhook receiver on 127.0.0.1 that keeps what it was sent. */
export async function startWebhookReceiver(mode: ReceiverMode = 'ok'): Promise<WebhookReceiver> {
  const secret = 'T0LOADGATE/B0NOTIFY/s3cr3t-w3bh00k-t0k3n'
  const bodies: unknown[] = []
  const receiver = { bodies, mode } as WebhookReceiver
  const server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    request.on('end', () => {
      bodies.push(JSON.parse(text))
      if (receiver.mode === 'hang') return
      // A failing receiver that echoes the request's URL, as some proxies do: it must not reach a log.
      if (receiver.mode === 'fail') response.writeHead(500).end(`no route for ${request.url}`)
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  receiver.url = `http://127.0.0.1:${port}/services/${secret}`
  receiver.secret = secret
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return receiver
}
