import {request} from 'node:http'

/** Sends a GET whose request-target goes out byte for byte ("//x", "*", "http://a/b"), unlike fetch's normalised URLs. */
export function rawGet(origin: string, target: string): Promise<{status: number; text: string}> {
  const {hostname, port} = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = request({host: hostname, port, path: target, method: 'GET'}, res => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', chunk => {
        text += chunk
      })
      res.on('end', () => resolve({status: res.statusCode ?? 0, text}))
    })
    req.on('error', reject)
    req.end()
  })
}
