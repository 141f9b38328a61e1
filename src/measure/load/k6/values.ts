/** A growable Float64 buffer: latency values kept as 8 bytes each, never as objects. */
export class ValueBuffer {
  private data = new Float64Array(1024)
  length = 0

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = value
  }

  view(): Float64Array {
    return this.data.subarray(0, this.length)
  }
}

export function sortedValues(buffer: ValueBuffer): Float64Array {
  return buffer.view().slice().sort()
}

/** k6's percentile: linear interpolation at index p·(n−1) of the sorted values. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length
  if (n === 0) return Number.NaN
  const index = p * (n - 1)
  const lower = Math.floor(index)
  const upper = Math.min(lower + 1, n - 1)
  const weight = index - lower
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * weight
}
