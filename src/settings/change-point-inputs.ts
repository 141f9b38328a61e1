/** The inputs that watch the recorded history for change points (part of the inputs table). */

/** Record mode reads them from the action or loadgate.yml; `loadgate history` has flags of the same names. */
const WATCH_SCOPES = ['action', 'loadgate.yml'] as const

export const CHANGE_POINT_INPUTS = [
  {
    name: 'change-points',
    description:
      'issue (record mode - watch the recorded history for lasting shifts of the gated metrics and keep one ' +
      'issue per shift, updated as runs refine it and closed when it is reverted; needs issues: write) or off.',
    default: 'off',
    scopes: WATCH_SCOPES,
  },
  {
    name: 'change-point-max-p',
    description: 'Largest p-value of a change point (Student t-test of the runs either side).',
    default: '0.001',
    scopes: WATCH_SCOPES,
  },
  {
    name: 'change-point-min-change',
    description: 'Smallest relative change of a change point (a percentage or a fraction).',
    default: '5%',
    scopes: WATCH_SCOPES,
  },
  {
    name: 'change-point-min-runs',
    description: 'Recorded runs needed on each side of a change point before it is reported.',
    default: '5',
    scopes: WATCH_SCOPES,
  },
] as const
