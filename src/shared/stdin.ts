/** Reads all of stdin as bytes (a body that must stay byte for byte). */
export async function readStdinBytes(stream: NodeJS.ReadableStream = process.stdin): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks)
}

/** Reads all of stdin as UTF-8 (for `-` arguments and piped secrets). */
export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<string> {
  return (await readStdinBytes(stream)).toString('utf8')
}
