import CassetteCore

extension SecretScan {
    /// Where a value stands: in a request (every value counts) or in a response (short or echoed values do not).
    struct Side {
        let isResponse: Bool
        /// The request as `json.dumps` writes it, then a space and its URL percent-decoded; as UTF-8.
        let requestText: [UInt8]

        static let request = Side(isResponse: false, requestText: [])
    }

    /// One run over one document: the script's `Scan`, method for method.
    struct Pass {
        let scan: SecretScan
        /// The findings so far, each with the path of the document's string it was found in.
        var found: [(anchor: String, finding: SecretFinding)] = []
        /// The path of the document's string being looked at.
        var anchor = "$"
        /// Above zero while walking JSON parsed out of a string, whose findings stay with that string.
        var innerJSONDepth = 0

        /// From here on, findings are in the document's string at `path` (unless inside JSON held in a string).
        mutating func enter(_ path: String) {
            if innerJSONDepth == 0 { anchor = path }
        }

        /// `value`: a finding unless the value is empty or a placeholder, or, in a response, shorter than
        /// the minimum learned length or carried by the request.
        mutating func value(_ value: some StringProtocol, path: String, name: some StringProtocol, side: Side) {
            guard !value.utf8.isEmpty, !ScanPatterns.isPlaceholder(value) else { return }
            let length = PythonText.length(value)
            if side.isResponse,
               length < scan.minimumLearnedLength || PythonText.find(value.utf8, in: side.requestText) != nil {
                return
            }
            let description = "the value of \"\(name)\" (\(length) characters) is not a placeholder"
            found.append((anchor, SecretFinding(path: path, description: description)))
        }

        /// `document`: a cache file's entries as interactions, any other JSON walked.
        mutating func document(_ document: JSONValue) {
            guard case .object(let members) = document, case .array(let entries)? = members["entries"] else {
                return walk(document, path: "$", side: .request)
            }
            for (index, entry) in entries.enumerated() {
                if case .object(let entryMembers) = entry, case .object(let interaction)? = entryMembers["value"] {
                    self.interaction(interaction, path: "$.entries[\(index)].value")
                } else {
                    walk(entry, path: "$.entries[\(index)]", side: .request)
                }
            }
        }

        /// `interaction`: the request as a request, the response and the failure as responses to it.
        mutating func interaction(_ members: [String: JSONValue], path: String) {
            let request = members["request"]
            var requestText = ""
            if let request, request != .null { requestText = PythonJSON.dumps(request) }
            if case .object(let requestMembers)? = request, case .string(let url)? = requestMembers["url"] {
                requestText += " " + PythonText.unquote(url)
            }
            let response = Side(isResponse: true, requestText: Array(requestText.utf8))
            for member in PythonJSON.sortedMembers(members) {
                let here = PythonJSON.keyPath(path, member.key)
                if PythonText.same(member.key, "request") {
                    message(member.value, path: here, side: .request)
                } else if PythonText.same(member.key, "response") || PythonText.same(member.key, "failure") {
                    message(member.value, path: here, side: response)
                } else {
                    walk(member.value, path: here, side: .request)
                }
            }
        }

        /// `message`: a request, a response or a redirect; its headers, its body by form (never `base64`), its
        /// redirects, anything else walked.
        mutating func message(_ node: JSONValue, path: String, side: Side) {
            guard case .object(let members) = node else { return walk(node, path: path, side: side) }
            for member in PythonJSON.sortedMembers(members) {
                let here = PythonJSON.keyPath(path, member.key)
                switch member.value {
                case .object(let headers) where PythonText.same(member.key, "headers"):
                    self.headers(headers, path: here, side: side)
                case .object(let forms) where PythonText.same(member.key, "body"):
                    for form in PythonJSON.sortedMembers(forms) {
                        let formPath = PythonJSON.keyPath(here, form.key)
                        if PythonText.same(form.key, "text"), case .string(let text) = form.value {
                            string(text, path: formPath, side: side, isTextBody: true)
                        } else if !PythonText.same(form.key, "base64") {
                            walk(form.value, path: formPath, side: side)
                        }
                    }
                case .array(let hops) where PythonText.same(member.key, "redirects"):
                    for (index, hop) in hops.enumerated() { message(hop, path: "\(here)[\(index)]", side: side) }
                default:
                    walk(member.value, path: here, side: side)
                }
            }
        }

        /// `walk`, for any JSON: parameter names at any depth, header names in objects named `headers`, URLs and
        /// JSON in strings.
        mutating func walk(_ node: JSONValue, path: String, side: Side) {
            switch node {
            case .array(let items):
                for (index, item) in items.enumerated() { walk(item, path: "\(path)[\(index)]", side: side) }
            case .object(let members):
                for member in PythonJSON.sortedMembers(members) {
                    let here = PythonJSON.keyPath(path, member.key)
                    switch member.value {
                    case .string(let text):
                        enter(here)
                        if scan.parameterNames.contains(member.key) { value(text, path: here, name: member.key, side: side) }
                        string(text, path: here, side: side)
                    case .object(let headers) where PythonText.same(PythonText.lower(member.key), "headers"):
                        for header in PythonJSON.sortedMembers(headers) {
                            guard case .string(let text) = header.value, scan.headerNames.contains(header.key) else { continue }
                            self.header(header.key, text, path: PythonJSON.keyPath(here, header.key), side: side)
                        }
                        walk(member.value, path: here, side: side)
                    default:
                        walk(member.value, path: here, side: side)
                    }
                }
            case .string(let text):
                string(text, path: path, side: side)
            default:
                break
            }
        }
    }
}
