/** At most `concurrency` tool calls run at once; the others wait for a slot, in the order they came. */
export class CallSlots {
  private running = 0
  private readonly queue: Array<() => void> = []

  constructor(private readonly concurrency: number) {}

  async run<T>(call: () => Promise<T>): Promise<T> {
    await this.slot()
    try {
      return await call()
    } finally {
      this.running--
      this.queue.shift()?.()
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++
      return
    }
    await new Promise<void>(resolve => {
      this.queue.push(() => {
        this.running++
        resolve()
      })
    })
  }
}
