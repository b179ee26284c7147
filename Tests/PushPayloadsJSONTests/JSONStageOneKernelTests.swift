import PushPayloadsTestSupport
import Testing

@_spi(Kernels) @testable import PushPayloadsJSON

/// Each stage-one kernel forced in a whole parser, against the portable kernel: the same verdict, code,
/// offset and nodes on every conformance case, on generated documents and on their mutations. A kernel
/// this processor cannot run is skipped by name (the test list says "skipped: this processor lacks …"),
/// so a run on a machine without AVX-512 shows that the AVX-512 kernel was not tested there.
///
/// JSONByteMasksTests checks stage one alone (bitmaps and UTF-8 verdicts) for every kernel available.
@Suite("JSON stage-one kernels")
struct JSONStageOneKernelTests {
    /// What a parse gave: the nodes of an accepted document, or the error's code and offset.
    private enum Outcome: Equatable {
        case accepted([UInt8])
        case rejected(PushPayloadError.Code, Int?)
    }

    private static func outcome(_ bytes: [UInt8], kernel: JSONStageOneKernel, anyValue: Bool = false) -> Outcome {
        var parser = JSONParser(acceptsAnyTopLevelValue: anyValue)
        parser.stageOneKernel = kernel
        do {
            // The canonical serialisation stands for the nodes: it differs whenever a node does.
            return .accepted(try parser.parse(bytes).jsonBytes)
        } catch {
            return .rejected(error.code, error.byteOffset)
        }
    }

    /// Every input the kernel tests parse: the conformance cases, generated documents (some wide and
    /// deep, with long non-ASCII strings that cross many 64-byte blocks), and mutations of them.
    private static let inputs: [[UInt8]] = {
        var inputs = JSONConformanceCase.all.map(\.bytes)
        var generator = JSONGenerator(
            seed: 0xA5_12,
            options: JSONGenerator.Options(maximumDepth: 4, maximumMembers: 10, maximumStringScalars: 200)
        )
        var mutator = JSONMutator(seed: 0xA5_12)
        for _ in 0..<400 {
            let document = generator.document().bytes
            inputs.append(document)
            for mutation in JSONMutation.allCases {
                inputs.append(mutator.mutate(document, with: mutation))
            }
        }
        return inputs
    }()

    private func expectSameAsPortable(_ kernel: JSONStageOneKernel) {
        var accepted = 0
        for bytes in Self.inputs {
            for anyValue in [false, true] {
                let expected = Self.outcome(bytes, kernel: .portable, anyValue: anyValue)
                let actual = Self.outcome(bytes, kernel: kernel, anyValue: anyValue)
                #expect(actual == expected, "\(kernel): \(String(decoding: bytes, as: UTF8.self))")
                if case .accepted = actual { accepted += 1 }
            }
        }
        // Both verdicts are exercised, so a kernel that rejected everything would be caught above.
        #expect(accepted > Self.inputs.count / 4 && accepted < Self.inputs.count * 2)
    }

    @Test("the portable kernel is always available, and the default kernel is the widest available")
    func availability() {
        #expect(JSONStageOneKernel.available.first == .portable)
        #expect(JSONStageOneKernel.best == JSONStageOneKernel.available.last)
        #expect(JSONStageOneKernel.allCases == [.portable, .avx2, .avx512])
    }

    @Test(
        "the AVX2 kernel, forced, parses every input exactly as the portable kernel",
        .enabled(if: JSONStageOneKernel.avx2.isSupported, "this processor lacks AVX2: the AVX2 kernel was not tested")
    )
    func avx2() {
        expectSameAsPortable(.avx2)
    }

    @Test(
        "the AVX-512 kernel, forced, parses every input exactly as the portable kernel",
        .enabled(
            if: JSONStageOneKernel.avx512.isSupported,
            "this processor lacks AVX-512F/BW: the AVX-512 kernel was not tested"
        )
    )
    func avx512() {
        expectSameAsPortable(.avx512)
    }

    @Test(
        "the AVX-512 kernel marks the bytes the portable kernel marks at every length up to 300",
        .enabled(
            if: JSONStageOneKernel.avx512.isSupported,
            "this processor lacks AVX-512F/BW: the AVX-512 kernel was not tested"
        )
    )
    func avx512Lengths() {
        // A stop byte and a multi-byte character at every place of inputs of every length: the last block
        // (the one that holds the zero after the input) and the block boundaries are where kernels differ.
        for length in 0...300 {
            for place in stride(from: 0, to: max(length - 3, 1), by: 7) {
                var content = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                if length >= 4 {
                    content.replaceSubrange(place..<place + 3, with: [0xE2, 0x82, 0xAC])
                    content[(place + 37) % length] = UInt8(ascii: "\"")
                }
                let portable = JSONByteMasksTests.markSpecialBytes(content, kernel: .portable)
                let wide = JSONByteMasksTests.markSpecialBytes(content, kernel: .avx512)
                #expect(wide.bitmap == portable.bitmap && wide.validUTF8 == portable.validUTF8, "\(content)")
            }
        }
    }
}
