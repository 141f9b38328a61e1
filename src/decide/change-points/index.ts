export { changePoints, DEFAULT_DETECTOR_OPTIONS, type DetectorOptions, type SeriesChangePoint } from './otava'
export {
  findShifts,
  type Shift,
  type ShiftRun,
  type WatchedMetrics,
  type MedianWithInterval,
} from './history'
export { runnerChange } from './runner'
export {
  gatedMetrics,
  historyShifts,
  mainBranch,
  openShifts,
  watchHistory,
  type HistoryShifts,
  type ShiftRules,
} from './watch'
