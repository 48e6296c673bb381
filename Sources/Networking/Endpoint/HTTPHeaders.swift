/// Header fields by name. Names compare case-insensitively once they are set on a request.
public typealias HTTPHeaders = [String: String]
