/** How the pipeline talks to the person watching: the runner's log and job summary, or a terminal. */
export interface Reporter {
  info(message: string): void
  warning(message: string): void
  group<T>(title: string, work: () => Promise<T>): Promise<T>
  /** Appends markdown to the job summary (ignored where there is none). */
  summary(markdown: string): void
  /**
   * True where the front end prints each benchmark's result in full itself (the CLI's table, whose
   * first line is the headline): the modes then do not log the headline a second time.
   */
  printsResults?: boolean
}
