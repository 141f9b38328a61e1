/** How the pipeline talks to the person watching: the runner's log and job summary, or a terminal. */
export interface Reporter {
  info(message: string): void
  warning(message: string): void
  group<T>(title: string, work: () => Promise<T>): Promise<T>
  /** Appends markdown to the job summary (ignored where there is none). */
  summary(markdown: string): void
}
