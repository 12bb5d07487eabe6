import Foundation
import Yams

/// docs/openapi.yaml as a checker: a response's status must be documented for its route and
/// method (a templated route such as `/fonts/{name}` matches one segment per parameter, and a
/// 200 needs the parameter inside its documented `enum`), with its content type, and its body
/// must fit the documented schema (types, required properties, array items, `oneOf`, `$ref`);
/// an NDJSON body line by line.
struct OpenAPIContract: @unchecked Sendable {
    /// Read once, never changed.
    let document: [String: Any]

    static let shared: OpenAPIContract = {
        let url = repositoryRoot.appendingPathComponent("docs/openapi.yaml")
        do {
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let document = try Yams.load(yaml: text) as? [String: Any] else {
                fatalError("docs/openapi.yaml is not a mapping")
            }
            return OpenAPIContract(document: document)
        } catch {
            fatalError("docs/openapi.yaml does not load: \(error)")
        }
    }()

    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    func check(_ answer: HTTPAnswer, method: String, path: String) throws {
        let where_ = "\(method) \(path) → \(answer.status)"
        guard let paths = document["paths"] as? [String: Any], let found = Self.entry(for: path, in: paths) else {
            // Undocumented paths must be refused with the documented error shape.
            guard answer.status == 404 else { throw Violation(description: "\(where_): path not in docs/openapi.yaml") }
            return try checkJSON(answer.body, schema: ["$ref": "#/components/schemas/Error"], at: where_)
        }
        let (template, route) = found
        guard let operation = route[method.lowercased()] as? [String: Any] else {
            guard answer.status == 404 || answer.status == 405 else {
                throw Violation(description: "\(where_): method not in docs/openapi.yaml")
            }
            return
        }
        if answer.status == 200, let problem = parameterViolation(path: path, template: template, operation: operation)
        {
            throw Violation(description: "\(where_): \(problem)")
        }
        let responses = operation["responses"] as? [String: Any] ?? [:]
        guard let response = responses[String(answer.status)] as? [String: Any] else {
            throw Violation(description: "\(where_): status not documented (documented: \(responses.keys.sorted()))")
        }
        if let headers = response["headers"] as? [String: Any] {
            for (name, spec) in headers {
                if (spec as? [String: Any])?["required"] as? Bool == true, answer.headers.first(name: name) == nil {
                    throw Violation(description: "\(where_): required header \(name) missing")
                }
            }
        }
        guard let content = response["content"] as? [String: Any] else { return }
        let type = answer.headers.first(name: "content-type")?.split(separator: ";").first.map(String.init) ?? ""
        guard let media = content[type] as? [String: Any] else {
            throw Violation(description: "\(where_): content type '\(type)' not documented (\(content.keys.sorted()))")
        }
        let schema = media["schema"] as? [String: Any] ?? [:]
        switch type {
        case "application/json": try checkJSON(answer.body, schema: schema, at: where_)
        case "application/x-ndjson":
            for (index, line) in answer.body.split(separator: UInt8(ascii: "\n")).enumerated() {
                try checkJSON(Array(line), schema: schema, at: "\(where_) line \(index + 1)")
            }
        default: break
        }
    }

    /// The document's entry for `path` and its key: its own, else a templated one
    /// (`/fonts/{name}`) whose segments match, a `{…}` segment matching any one non-empty segment.
    static func entry(for path: String, in paths: [String: Any]) -> (String, [String: Any])? {
        if let exact = paths[path] as? [String: Any] { return (path, exact) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (template, entry) in paths where template.contains("{") {
            let parts = template.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == segments.count, let entry = entry as? [String: Any] else { continue }
            let matches = zip(parts, segments).allSatisfy { part, segment in
                part == segment || (part.hasPrefix("{") && part.hasSuffix("}") && !segment.isEmpty)
            }
            if matches { return (template, entry) }
        }
        return nil
    }

    /// A path parameter outside its documented `enum` (a 200 for a name the document does not
    /// list), or nil.
    private func parameterViolation(path: String, template: String, operation: [String: Any]) -> String? {
        let parts = template.split(separator: "/", omittingEmptySubsequences: false)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for parameter in operation["parameters"] as? [[String: Any]] ?? [] where parameter["in"] as? String == "path" {
            guard let name = parameter["name"] as? String,
                let allowed = (parameter["schema"] as? [String: Any])?["enum"] as? [String],
                let index = parts.firstIndex(of: "{\(name)}"), index < segments.count
            else { continue }
            let value = String(segments[index])
            if !allowed.contains(value) { return "path parameter \(name) '\(value)' not in \(allowed)" }
        }
        return nil
    }

    private func checkJSON(_ bytes: [UInt8], schema: [String: Any], at place: String) throws {
        let value: Any
        do { value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) } catch {
            throw Violation(
                description: "\(place): body is not JSON: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        if let problem = violation(value, schema) {
            throw Violation(
                description: "\(place): \(problem) in \(String(decoding: bytes.prefix(300), as: UTF8.self))")
        }
    }

    /// Why `value` does not fit `schema`, or nil.
    func violation(_ value: Any, _ schema: [String: Any]) -> String? {
        if let reference = schema["$ref"] as? String {
            let name = reference.split(separator: "/").last.map(String.init) ?? ""
            let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
            guard let target = schemas?[name] as? [String: Any] else { return "unresolved \(reference)" }
            return violation(value, target)
        }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let matching = options.filter { violation(value, $0) == nil }.count
            return matching >= 1 ? nil : "fits none of oneOf"
        }
        switch schema["type"] as? String {
        case "object":
            guard let object = value as? [String: Any] else { return "expected an object" }
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                return "required property '\(key)' missing"
            }
            for (key, property) in schema["properties"] as? [String: Any] ?? [:] {
                if let member = object[key], let property = property as? [String: Any],
                    let problem = violation(member, property)
                {
                    return "\(key): \(problem)"
                }
            }
        case "array":
            guard let array = value as? [Any] else { return "expected an array" }
            if let items = schema["items"] as? [String: Any] {
                for (index, item) in array.enumerated() {
                    if let problem = violation(item, items) { return "[\(index)]: \(problem)" }
                }
            }
        case "string":
            guard let string = value as? String else { return "expected a string" }
            if let allowed = schema["enum"] as? [String], !allowed.contains(string) {
                return "'\(string)' not in \(allowed)"
            }
        case "integer":
            guard let number = value as? NSNumber, !isBoolean(number),
                number.doubleValue == number.doubleValue.rounded()
            else { return "expected an integer" }
        case "number":
            guard let number = value as? NSNumber, !isBoolean(number) else { return "expected a number" }
        case "boolean":
            guard let number = value as? NSNumber, isBoolean(number) else { return "expected a boolean" }
        default: break
        }
        return nil
    }

    private func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }
}
