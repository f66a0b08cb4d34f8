// The two archive formats of the release (scripts/release.js), written here so that the same bytes come out on any
// machine: a gzip'd ustar tar and a deflate zip, each entry with a fixed mode and time, nothing of the build machine's
// users or clock inside. Entries: {name, data, mode}; names use '/'.
import {crc32, deflateRawSync, gzipSync} from 'node:zlib'

const LEVEL = 9

/** A .tar.gz of `entries`, each file's folders added before it. */
export function tarGz(entries, mtime) {
  const blocks = []
  const folders = new Set()
  for (const {name, data, mode} of entries) {
    const parts = name.split('/')
    for (let i = 1; i < parts.length; i++) {
      const folder = `${parts.slice(0, i).join('/')}/`
      if (folders.has(folder)) continue
      folders.add(folder)
      blocks.push(tarHeader(folder, 0, 0o755, mtime, '5'))
    }
    blocks.push(tarHeader(name, data.length, mode, mtime, '0'), data, Buffer.alloc((512 - (data.length % 512)) % 512))
  }
  blocks.push(Buffer.alloc(1024))
  return gzipSync(Buffer.concat(blocks), {level: LEVEL})
}

function tarHeader(name, size, mode, mtime, type) {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar name longer than 100 bytes: ${name}`)
  const header = Buffer.alloc(512)
  const octal = (value, at, width) => header.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, 'latin1')
  header.write(name, 0, 'utf8')
  octal(mode, 100, 8)
  octal(0, 108, 8) // uid
  octal(0, 116, 8) // gid
  octal(size, 124, 12)
  octal(mtime, 136, 12)
  header.write(type, 156, 'latin1')
  header.write('ustar\u000000', 257, 'latin1')
  header.write('root', 265, 'latin1')
  header.write('root', 297, 'latin1')
  header.write('        ', 148, 'latin1')
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  return header
}

/** A .zip of `entries` (deflate; Unix modes kept in the external attributes; no zip64: every entry is < 4 GiB). */
export function zip(entries, mtime) {
  const {time, date} = dosTime(new Date(mtime * 1000))
  const locals = []
  const centrals = []
  let offset = 0
  for (const {name, data, mode} of entries) {
    const nameBytes = Buffer.from(name, 'utf8')
    const packed = deflateRawSync(data, {level: LEVEL})
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(date, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE((3 << 8) | 20, 4) // made by: Unix, 2.0
    local.copy(central, 6, 4, 28) // version needed .. name length
    central.writeUInt32LE(((0o100000 | mode) << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, packed)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/** MS-DOS time and date fields (two-second steps, UTC here so that any machine writes the same). */
function dosTime(at) {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  }
}
