import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRequests

/// The Arrow IPC streaming format (https://arrow.apache.org/docs/format/Columnar.html#ipc-streaming-format),
/// as far as `--format arrow` writes it: a schema message, record batch messages, the end-of-stream marker.
///
/// A message is the continuation marker `0xFFFFFFFF`, the metadata's length (a little-endian 32-bit integer),
/// the metadata (a FlatBuffers `Message`, padded to 8 bytes), then the body: the batch's buffers, each padded
/// to 8 bytes, which the metadata locates. Types are the few the records use: UTF-8 strings, 64-bit signed
/// integers, Booleans, lists and structs. No dictionaries, no compression, little-endian, metadata version 5.
enum ArrowStreamFormat {
    /// The type of a column (`Schema.fbs`'s `Type` union: its member numbers).
    indirect enum DataType: Equatable, Sendable {
        case utf8
        case int64
        case bool
        case list(Field)
        case structure([Field])

        /// The union's tag.
        fileprivate var unionType: UInt8 {
            switch self {
            case .int64: return 2
            case .utf8: return 5
            case .bool: return 6
            case .list: return 12
            case .structure: return 13
            }
        }

        var children: [Field] {
            switch self {
            case .list(let item): return [item]
            case .structure(let fields): return fields
            case .utf8, .int64, .bool: return []
            }
        }
    }

    /// A named, nullable column (or a list's item, or a struct's field).
    struct Field: Equatable, Sendable {
        var name: String
        var type: DataType
        var isNullable = true
    }

    /// A node of a record batch (`FieldNode`): a column's, or a child's, length and null count, in the
    /// depth-first order of the schema's fields.
    struct Node: Sendable {
        var length: Int
        var nullCount: Int
    }

    /// The end of a stream: a continuation marker and a metadata length of zero.
    static let endOfStream: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0]

    private static let metadataVersion5: Int16 = 4
    private enum MessageHeader: UInt8 {
        case schema = 1
        case recordBatch = 3
    }

    /// The schema message that starts a stream.
    static func schemaMessage(_ fields: [Field]) -> [UInt8] {
        var builder = FlatBufferBuilder()
        let fieldReferences = fields.map { field(field: $0, in: &builder) }
        let fieldVector = builder.createVector(fieldReferences)
        builder.startTable()
        builder.add(slot: 0, Int16(0))  // endianness: little
        builder.add(slot: 1, fieldVector)
        let schema = builder.endTable()
        let metadata = message(header: .schema, headerTable: schema, bodyLength: 0, in: &builder)
        var output: [UInt8] = []
        appendFramed(metadata, to: &output)
        return output
    }

    private static func field(field: Field, in builder: inout FlatBufferBuilder) -> FlatBufferBuilder.Reference {
        let name = builder.createString(field.name)
        let children = field.type.children.map { self.field(field: $0, in: &builder) }
        let childVector = builder.createVector(children)
        builder.startTable()
        switch field.type {
        case .int64:
            builder.add(slot: 0, Int32(64))  // bitWidth
            builder.add(slot: 1, true)  // is_signed
        case .utf8, .bool, .list, .structure:
            break  // tables without fields
        }
        let type = builder.endTable()
        builder.startTable()
        builder.add(slot: 0, name)
        builder.add(slot: 1, field.isNullable)
        builder.add(slot: 2, field.type.unionType)
        builder.add(slot: 3, type)
        builder.add(slot: 5, childVector)
        return builder.endTable()
    }

    private static func message(
        header: MessageHeader,
        headerTable: FlatBufferBuilder.Reference,
        bodyLength: Int,
        in builder: inout FlatBufferBuilder
    ) -> [UInt8] {
        builder.startTable()
        builder.add(slot: 0, metadataVersion5)
        builder.add(slot: 1, header.rawValue)
        builder.add(slot: 2, headerTable)
        builder.add(slot: 3, Int64(bodyLength))
        let message = builder.endTable()
        return builder.finish(root: message)
    }

    /// Appends the continuation marker, the metadata's padded length and the metadata, padded to 8 bytes.
    private static func appendFramed(_ metadata: [UInt8], to output: inout [UInt8]) {
        let padded = (metadata.count + 7) & ~7
        output += [0xFF, 0xFF, 0xFF, 0xFF]
        withUnsafeBytes(of: Int32(padded).littleEndian) { output += $0 }
        output += metadata
        output += repeatElement(0, count: padded - metadata.count)
    }

    /// One buffer of a record batch's body: its length, and what appends its bytes to the message.
    struct BodyBuffer {
        var length: Int
        var write: (OutputBuffer) -> Void
    }

    /// Appends one record batch message: its metadata, for `rowCount` rows of `nodes` and `buffers` (in the
    /// schema's depth-first order), then the buffers, each padded to 8 bytes.
    static func appendRecordBatch(rowCount: Int, nodes: [Node], buffers: [BodyBuffer], to output: OutputBuffer) {
        var locations: [(Int64, Int64)] = []
        locations.reserveCapacity(buffers.count)
        var bodyLength = 0
        for buffer in buffers {
            locations.append((Int64(bodyLength), Int64(buffer.length)))
            bodyLength += (buffer.length + 7) & ~7
        }
        var builder = FlatBufferBuilder()
        let nodeVector = builder.createVector(pairs: nodes.map { (Int64($0.length), Int64($0.nullCount)) })
        let bufferVector = builder.createVector(pairs: locations)
        builder.startTable()
        builder.add(slot: 0, Int64(rowCount))
        builder.add(slot: 1, nodeVector)
        builder.add(slot: 2, bufferVector)
        let batch = builder.endTable()
        var framed: [UInt8] = []
        let metadata = message(header: .recordBatch, headerTable: batch, bodyLength: bodyLength, in: &builder)
        appendFramed(metadata, to: &framed)
        output.append(framed)
        for buffer in buffers {
            let start = output.count
            buffer.write(output)
            precondition(output.count - start == buffer.length, "an Arrow buffer wrote other than its length")
            for _ in buffer.length..<((buffer.length + 7) & ~7) { output.append(UInt8(0)) }
        }
    }
}
