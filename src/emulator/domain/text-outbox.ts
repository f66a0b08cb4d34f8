/**
 * The text messages the emulator would have sent (a phone recipient's sign-in code, spec 4.2): kept in memory,
 * newest last, read with the control table's `listTexts` (loopback only) as a phone would receive them. Nothing is sent; a
 * reset or restart empties it. At most the last 1,000 are kept.
 */
export interface TextMessage {
  to: string
  body: string
  /** The code the message carries, for a test to type. */
  code: string
  sentAt: string
}

const KEPT = 1000

export class TextOutbox {
  private messages: TextMessage[] = []

  send(message: TextMessage): void {
    this.messages.push(message)
    if (this.messages.length > KEPT) this.messages = this.messages.slice(-KEPT)
  }

  /** The messages to one number, or all; newest last. */
  list(to?: string): TextMessage[] {
    return this.messages.filter(message => to === undefined || message.to === to).map(message => ({...message}))
  }

  clear(): void {
    this.messages = []
  }
}
