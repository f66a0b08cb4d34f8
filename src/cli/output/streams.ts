/** Where an Output writes: stdout and stderr, or stand-ins for them. */
export interface Streams {
  stdout: TextStream
  stderr: TextStream
}

export interface TextStream {
  write(text: string, callback?: (error?: Error | null) => void): unknown
  isTTY?: boolean
  columns?: number
}
