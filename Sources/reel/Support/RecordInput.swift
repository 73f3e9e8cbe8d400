import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The gesture stream files of `reel record`, opened up front, and how far reading them has got:
/// the total size when every input is a regular file (so progress can show a percentage), and the
/// bytes read so far from each file's offset.
struct RecordInput {
    /// One open descriptor per input ("-" is standard input).
    let descriptors: [Int32]
    /// The inputs' sizes in bytes; nil when one of them is not a regular file (a pipe, a terminal).
    let totalBytes: Int64?
    private let sizes: [Int64]

    init(paths: [String]) throws {
        var descriptors: [Int32] = []
        var sizes: [Int64] = []
        var allRegular = true
        for path in paths {
            let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw ReelFailure(.noInput, "\(path): cannot open (\(String(cString: strerror(errno))))")
            }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                sizes.append(Int64(info.st_size))
            } else {
                allRegular = false
                sizes.append(0)
            }
            descriptors.append(fd)
        }
        self.descriptors = descriptors
        self.sizes = sizes
        totalBytes = allRegular ? sizes.reduce(0, +) : nil
    }

    /// Bytes read so far: the files before input `index` whole, and input `index` up to its offset.
    func bytesRead(before index: Int) -> Int64 {
        let offset = Int64(lseek(descriptors[index], 0, SEEK_CUR))
        return sizes.prefix(index).reduce(0, +) + max(0, offset)
    }
}
