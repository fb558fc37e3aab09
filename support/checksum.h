// CRC-32C (Castagnoli), the checksum of iSCSI, ext4 and SCTP: catches every single-bit flip and
// every burst of up to 32 bits in a file. Written here (a table of 256 words) rather than taken
// from a package, since nothing else the harness links has it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace jungle {

// The CRC-32C of `size` bytes, continuing from `crc` (the value returned for the bytes before;
// 0 to start). crc32c(0, "123456789", 9) == 0xE3069283, the published check value.
std::uint32_t crc32c(std::uint32_t crc, const void* data, std::size_t size);

}  // namespace jungle
