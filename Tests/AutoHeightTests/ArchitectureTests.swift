import Foundation
import Testing

/// The shape of `Sources/AutoHeight`, checked on every test run: the pipeline's stages are
/// folders, C is reached only through `Native/`, dependencies point down the pipeline, and no
/// file grows past one job's size. That the core uses neither the editor model nor the drawing
/// is the compiler's to enforce (they are the modules `AutoHeightEditor` and `AutoHeightRender`
/// over it, and reach its internals through `package` access); what is checked here is what the
/// compiler cannot check.
@Suite struct ArchitectureTests {
    /// The stages in pipeline order; a file may use types of its own stage and those before it.
    /// Files at the top level (the error type) are shared by all.
    static let stages = [
        "Support", "Native", "Fonts", "Segmentation", "Shaping", "Preparation", "LineBreaking", "Measurement",
        "Editing",
    ]

    /// The modules over the core, which it must not import.
    static let modulesOverTheCore = ["AutoHeightEditor", "AutoHeightRender"]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under `folder` (relative to `Sources/`), with its path and text.
    static func swiftFiles(in folder: String) throws -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(sources.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The code of a file without comments and string contents (so that documentation naming a
    /// type is no dependency).
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var kept = ""
            var inString = false
            var previous: Character = " "
            for character in line {
                if !inString && character == "/" && previous == "/" {
                    kept.removeLast()
                    break
                }
                if character == "\"" && previous != "\\" { inString.toggle() } else if inString { continue }
                kept.append(character)
                previous = character
            }
            return kept
        }.joined(separator: "\n")
    }

    /// Rule: no file outside `Native/` imports a C module (the system libraries, the ICU shim, libc),
    /// and none of the editor model or the drawing does.
    @Test func onlyNativeImportsCModules() throws {
        let cModules = ["CHarfBuzz", "CFreeType", "CFontconfig", "CICU", "CAutoHeightICU", "Glibc", "Darwin"]
        var offenders: [String] = []
        let files = try (["AutoHeight"] + Self.modulesOverTheCore).flatMap { try Self.swiftFiles(in: $0) }
        for file in files where !file.path.hasPrefix("AutoHeight/Native/") {
            for line in file.text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count >= 2, words[0] == "import", cModules.contains(String(words[1])) {
                    offenders.append("\(file.path): \(line)")
                }
            }
        }
        #expect(offenders == [])
        #expect(try Self.swiftFiles(in: "AutoHeight").count > 40, "the sources were found")
        for module in Self.modulesOverTheCore {
            #expect(try Self.swiftFiles(in: module).count > 5, "the sources of \(module) were found")
        }
    }

    /// Rule: no source file is over 400 lines (one concept per file).
    @Test func noFileOverFourHundredLines() throws {
        var long: [String] = []
        for folder in ["AutoHeight", "AutoHeightCLI"] + Self.modulesOverTheCore {
            for file in try Self.swiftFiles(in: folder) {
                let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count
                if lines > 401 { long.append("\(file.path): \(lines) lines") }
            }
        }
        #expect(long == [])
    }

    /// Rule: every file of `Sources/AutoHeight` is in a stage folder (or the top level), uses
    /// only types declared in its own stage or earlier ones, and imports none of the modules over
    /// the core (the package's dependencies already forbid it; this names the rule where the
    /// stages are).
    @Test func stagesDependOnlyDownward() throws {
        let files = try Self.swiftFiles(in: "AutoHeight")
        var stageOfType: [String: Int] = [:]
        var fileStages: [(path: String, stage: Int, words: Set<Substring>)] = []
        let declaration = try Regex(
            #"(?m)^(?:(?:public|package|final|private|fileprivate|internal|indirect)\s+)*(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)"#
        )
        for file in files {
            let parts = file.path.split(separator: "/")
            let stage: Int
            if parts.count == 2 {
                stage = -1
            } else {
                let index = Self.stages.firstIndex(of: String(parts[1]))
                #expect(index != nil, "\(file.path) is in no stage folder")
                stage = index ?? -1
            }
            let code = Self.code(file.text)
            for match in code.matches(of: declaration) {
                if let name = match.output[1].substring { stageOfType[String(name), default: stage] = stage }
            }
            let words = code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            fileStages.append((file.path, stage, Set(words)))
        }
        var overTheCore: [String] = []
        for file in files {
            for line in file.text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count >= 2, words.first == "import" || words.dropFirst().first == "import",
                    let module = words.last, Self.modulesOverTheCore.contains(String(module))
                {
                    overTheCore.append("\(file.path): \(line)")
                }
            }
        }
        #expect(overTheCore == [])
        var upward: [String] = []
        for file in fileStages {
            for (name, stage) in stageOfType where stage > file.stage && file.words.contains(Substring(name)) {
                upward.append("\(file.path) uses \(name) (\(Self.stages[stage]))")
            }
        }
        #expect(upward.sorted() == [])
        #expect(stageOfType["ParagraphShaper"] == Self.stages.firstIndex(of: "Shaping"))
    }
}
