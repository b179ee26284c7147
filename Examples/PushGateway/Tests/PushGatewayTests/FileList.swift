import Foundation

/// The `.json` files of a folder, sorted.
enum FileList {
    static func jsonFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".json") }
            .sorted()
            .map { folder + "/" + $0 }
    }
}
