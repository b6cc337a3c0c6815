// A PNG that is its header alone: the signature and the first chunk (IHDR), which says its size, and no
// pixel. What the build reads of an image before encoding it; a test of a huge image commits no huge file.

export function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from("89504e470d0a1a0a", "hex").copy(bytes);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "latin1");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes[24] = 8; // bits per sample
  bytes[25] = 6; // RGBA
  return bytes;
}
