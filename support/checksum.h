// CRC-32C (Castagnoli), the checksum of iSCSI, ext4 and SCTP: it catches every single-bit flip
// and every burst of up to 32 bits in a file. Boost.CRC's, with RFC 3720's parameters.
#pragma once

#include <boost/crc.hpp>

namespace jungle {

// Feed it with process_bytes(data, size), part after part; checksum() is the sum of them all.
using Crc32c = boost::crc_optimal<32, 0x1EDC6F41, 0xFFFFFFFF, 0xFFFFFFFF, true, true>;

}  // namespace jungle
