import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to the gateway on 127.0.0.1, for what an HTTP client will not do: stall,
/// send a byte at a time, speak HTTP/1.0, cut a body off. Blocking, with a receive timeout, so every
/// read is bounded; the `async` reads block a thread of their own, not the concurrency pool's, which
/// a gateway in the same process needs.
final class RawConnection: Sendable {
    let descriptor: Int32

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to `port` on the loopback address.
    init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: \(errno)")
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Ends the connection from this side, both ways (the descriptor is closed when the value goes).
    func hangUp() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Sends `text`; `false` once the gateway has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes {
                #if canImport(Glibc)
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(descriptor, $0.baseAddress, $0.count, 0)
                #endif
            }
            if result <= 0 { return false }
            sent += result
        }
        return true
    }

    /// What arrives within `seconds`, and whether the gateway closed the connection (end of file or a
    /// reset) in that time. Stops early at the end of file, or once `until` is in what arrived.
    func receive(within seconds: Double, until marker: String? = nil) async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: self.receiveBlocking(within: seconds, until: marker))
            }
        }
    }

    /// ``receive(within:until:)`` on the calling thread.
    func receiveBlocking(within seconds: Double, until marker: String? = nil) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (String(decoding: received, as: UTF8.self), true) }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                return (String(decoding: received, as: UTF8.self), true)
            }
            received += buffer[..<count]
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// Seconds until the gateway closes the connection, sending nothing more; `nil` if it is still open
    /// after `limit`.
    func secondsUntilClosed(limit: Double) async -> Double? {
        let start = Date()
        let (_, closed) = await receive(within: limit)
        return closed ? Date().timeIntervalSince(start) : nil
    }
}
