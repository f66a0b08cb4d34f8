// The darwin executables' Mach-O headers, read and signed without a Mac. `check` confirms what macOS needs to start
// one: a 64-bit executable of the expected CPU, an LC_MAIN entry point inside __TEXT,__text, and an LC_CODE_SIGNATURE
// whose CodeDirectory hashes every page of the file as it is (the kernel kills an arm64 process whose pages do not
// match). `signAdHoc` writes that ad-hoc signature: one CodeDirectory (SHA-256, 4 KiB pages), the layout of Go's
// linker (cmd/internal/codesign) and of Bun's own signer.
//   node scripts/exe/macho.js check FILE arm64|x64
//   node scripts/exe/macho.js sign FILE IDENTIFIER
import {createHash} from 'node:crypto'
import {readFileSync, writeFileSync} from 'node:fs'
import {basename} from 'node:path'

const MH_MAGIC_64 = 0xfeedfacf
const MH_EXECUTE = 2
const CPU = {arm64: 0x0100000c, x64: 0x01000007}
const LC_SEGMENT_64 = 0x19
const LC_MAIN = 0x80000028
const LC_CODE_SIGNATURE = 0x1d
const EMBEDDED_SIGNATURE = 0xfade0cc0
const CODE_DIRECTORY = 0xfade0c02
const CS_ADHOC = 0x2
const CS_LINKER_SIGNED = 0x20000
const CS_EXECSEG_MAIN_BINARY = 0x1
const HASH_SHA256 = 2
const PAGE_SHIFT = 12
const PAGE = 1 << PAGE_SHIFT
const CODE_DIRECTORY_SIZE = 88 // version 0x20400: up to and including execSegFlags
const SUPERBLOB_WITH_ONE_INDEX = 12 + 8

/** The load commands that matter here, with their offsets in `buf` so that they can be rewritten. */
export function readMachO(buf) {
  if (buf.length < 32 || buf.readUInt32LE(0) !== MH_MAGIC_64) throw new Error('not a 64-bit little-endian Mach-O')
  const macho = {cputype: buf.readUInt32LE(4), filetype: buf.readUInt32LE(12), segments: {}, sections: {}}
  let at = 32
  for (let i = 0; i < buf.readUInt32LE(16); i++) {
    const cmd = buf.readUInt32LE(at)
    if (cmd === LC_SEGMENT_64) {
      const name = cString(buf, at + 8, 16)
      macho.segments[name] = {
        at,
        fileoff: Number(buf.readBigUInt64LE(at + 40)),
        filesize: Number(buf.readBigUInt64LE(at + 48)),
      }
      for (let s = 0; s < buf.readUInt32LE(at + 64); s++) {
        const sect = at + 72 + s * 80
        const key = `${cString(buf, sect + 16, 16)},${cString(buf, sect, 16)}`
        macho.sections[key] = {offset: buf.readUInt32LE(sect + 48), size: Number(buf.readBigUInt64LE(sect + 40))}
      }
    }
    if (cmd === LC_MAIN) macho.entryoff = Number(buf.readBigUInt64LE(at + 8))
    if (cmd === LC_CODE_SIGNATURE)
      macho.signature = {at, dataoff: buf.readUInt32LE(at + 8), datasize: buf.readUInt32LE(at + 12)}
    at += buf.readUInt32LE(at + 4)
  }
  return macho
}

const cString = (buf, start, max) => buf.toString('latin1', start, start + max).split('\0')[0]
const pageHash = (buf, page, codeLimit) =>
  createHash('sha256')
    .update(buf.subarray(page * PAGE, Math.min((page + 1) * PAGE, codeLimit)))
    .digest()

/** What `check` found in `buf`; throws with the first thing macOS would refuse. */
export function checkMachO(buf, arch) {
  const macho = readMachO(buf)
  if (macho.cputype !== CPU[arch]) throw new Error(`cputype 0x${macho.cputype.toString(16)}, not ${arch}`)
  if (macho.filetype !== MH_EXECUTE) throw new Error(`filetype ${macho.filetype}, not an executable`)
  const text = macho.sections['__TEXT,__text']
  if (macho.entryoff === undefined) throw new Error('no LC_MAIN entry point')
  if (!text || macho.entryoff < text.offset || macho.entryoff >= text.offset + text.size)
    throw new Error(`entry point 0x${macho.entryoff.toString(16)} is outside __TEXT,__text`)
  return {arch, entryoff: macho.entryoff, ...checkSignature(buf, macho)}
}

/** The signature's CodeDirectory, each of its page hashes recomputed from the file. */
function checkSignature(buf, macho) {
  const sig = macho.signature
  if (!sig) throw new Error('no LC_CODE_SIGNATURE')
  if (buf.readUInt32BE(sig.dataoff) !== EMBEDDED_SIGNATURE) throw new Error('LC_CODE_SIGNATURE holds no signature')
  if (sig.dataoff + buf.readUInt32BE(sig.dataoff + 4) !== buf.length)
    throw new Error('bytes after the signature (the file is not what was signed)')
  const linkedit = macho.segments.__LINKEDIT
  if (!linkedit || linkedit.fileoff + linkedit.filesize !== buf.length)
    throw new Error('__LINKEDIT does not end the file')
  let cd
  for (let i = 0; i < buf.readUInt32BE(sig.dataoff + 8); i++) {
    const index = sig.dataoff + 12 + i * 8
    if (buf.readUInt32BE(index) === 0) cd = sig.dataoff + buf.readUInt32BE(index + 4)
  }
  if (cd === undefined || buf.readUInt32BE(cd) !== CODE_DIRECTORY) throw new Error('no CodeDirectory')
  const hashOffset = buf.readUInt32BE(cd + 16)
  const pages = buf.readUInt32BE(cd + 28)
  const codeLimit = buf.readUInt32BE(cd + 32)
  if (buf[cd + 36] !== 32 || buf[cd + 37] !== HASH_SHA256 || buf[cd + 39] !== PAGE_SHIFT)
    throw new Error('CodeDirectory is not SHA-256 over 4 KiB pages')
  if (codeLimit !== sig.dataoff || pages !== Math.ceil(codeLimit / PAGE))
    throw new Error(`the signature covers ${codeLimit} bytes, the code is ${sig.dataoff}`)
  let bad = 0
  for (let page = 0; page < pages; page++) {
    const slot = cd + hashOffset + page * 32
    if (!pageHash(buf, page, codeLimit).equals(buf.subarray(slot, slot + 32))) bad++
  }
  if (bad) throw new Error(`${bad} of ${pages} page hashes do not match the file`)
  const identifier = cString(buf, cd + buf.readUInt32BE(cd + 20), 256)
  return {adhoc: (buf.readUInt32BE(cd + 12) & CS_ADHOC) !== 0, identifier, pages}
}

/** Replaces `buf`'s signature with an ad-hoc one for `identifier`; returns the signed file (a new buffer). */
export function signAdHoc(buf, identifier) {
  const macho = readMachO(buf)
  const {signature: sig, segments} = macho
  if (!sig) throw new Error('no LC_CODE_SIGNATURE to fill (Bun leaves one in every darwin executable)')
  const text = segments.__TEXT
  const linkedit = segments.__LINKEDIT
  const codeLimit = sig.dataoff
  const pages = Math.ceil(codeLimit / PAGE)
  const identOffset = CODE_DIRECTORY_SIZE
  const hashOffset = identOffset + Buffer.byteLength(identifier) + 1
  const cdLength = hashOffset + pages * 32
  const size = SUPERBLOB_WITH_ONE_INDEX + cdLength
  const out = Buffer.alloc(codeLimit + size)
  buf.copy(out, 0, 0, codeLimit)

  out.writeUInt32LE(size, sig.at + 12)
  const filesize = codeLimit + size - linkedit.fileoff
  out.writeBigUInt64LE(BigInt(filesize), linkedit.at + 48)
  const vmsize = Number(out.readBigUInt64LE(linkedit.at + 32))
  const segmentPage = macho.cputype === CPU.arm64 ? 0x4000 : 0x1000
  if (filesize > vmsize) out.writeBigUInt64LE(BigInt(Math.ceil(filesize / segmentPage) * segmentPage), linkedit.at + 32)

  let at = codeLimit
  at = out.writeUInt32BE(EMBEDDED_SIGNATURE, at)
  at = out.writeUInt32BE(size, at)
  at = out.writeUInt32BE(1, at)
  at = out.writeUInt32BE(0, at) // slot 0: the CodeDirectory
  at = out.writeUInt32BE(SUPERBLOB_WITH_ONE_INDEX, at)
  const cd = at
  at = out.writeUInt32BE(CODE_DIRECTORY, at)
  at = out.writeUInt32BE(cdLength, at)
  at = out.writeUInt32BE(0x20400, at)
  at = out.writeUInt32BE(CS_ADHOC | CS_LINKER_SIGNED, at)
  at = out.writeUInt32BE(hashOffset, at)
  at = out.writeUInt32BE(identOffset, at)
  at = out.writeUInt32BE(0, at) // special slots
  at = out.writeUInt32BE(pages, at)
  at = out.writeUInt32BE(codeLimit, at)
  out[at++] = 32
  out[at++] = HASH_SHA256
  out[at++] = 0 // platform
  out[at++] = PAGE_SHIFT
  at += 4 + 4 + 4 + 4 + 8 // spare2, scatterOffset, teamOffset, spare3, codeLimit64: all zero
  at = out.writeBigUInt64BE(BigInt(text.fileoff), at)
  at = out.writeBigUInt64BE(BigInt(text.filesize), at)
  out.writeBigUInt64BE(BigInt(macho.filetype === MH_EXECUTE ? CS_EXECSEG_MAIN_BINARY : 0), at)
  out.write(`${identifier}\0`, cd + identOffset, 'latin1')
  for (let page = 0; page < pages; page++) pageHash(out, page, codeLimit).copy(out, cd + hashOffset + page * 32)
  return out
}

if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) {
  const [verb, file, arg] = process.argv.slice(2)
  try {
    if (verb === 'sign') writeFileSync(file, signAdHoc(readFileSync(file), arg))
    else if (verb === 'check') {
      const found = checkMachO(readFileSync(file), arg)
      const kind = found.adhoc ? 'ad-hoc signature' : 'signature'
      console.log(
        `${file}: Mach-O ${arg} executable, LC_MAIN at 0x${found.entryoff.toString(16)} in __TEXT,__text, ${kind} "${found.identifier}" over ${found.pages} pages, every hash matches`,
      )
    } else throw new Error('usage: macho.js check FILE arm64|x64 | sign FILE IDENTIFIER')
  } catch (error) {
    console.error(`${basename(file ?? '')}: ${error.message}`)
    process.exit(1)
  }
}
