import CassetteCore
import Foundation

/// Saves two versions of a cassette over one file in turn, forever: the parent kills it midway through a save.
enum SaveLoop {
    /// Loads the versions, says "ready" on standard output, then saves them over `cassette` in turn until killed
    /// (or until standard input closes).
    static func run(cassette: String, versions: (String, String)) throws -> Never {
        let target = URL(fileURLWithPath: cassette)
        let first = try load(versions.0)
        let second = try load(versions.1)
        // A parent that dies without killing this child closes its standard input: stop then, not save forever.
        Thread.detachNewThread {
            while readLine() != nil {}
            exit(0)
        }
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        while true {
            try CassetteFile.save(first, to: target)
            try CassetteFile.save(second, to: target)
        }
    }

    /// The interactions of the cassette file at `path`, which must exist.
    private static func load(_ path: String) throws -> [Interaction] {
        guard let interactions = try CassetteFile.load(URL(fileURLWithPath: path)) else {
            throw ChildFailure("No cassette at \(path).")
        }
        return interactions
    }
}
