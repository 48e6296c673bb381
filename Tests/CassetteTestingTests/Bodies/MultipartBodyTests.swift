import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

@Suite("Request bodies: content types, form fields, multipart parts")
struct BodyParsingTests {
    @Test func contentTypeParameters() {
        let type = ContentType(#"multipart/form-data; boundary="abc def"; charset=UTF-8"#)
        #expect(type?.mediaType == "multipart/form-data")
        #expect(type?.multipartBoundary == "abc def")
        #expect(type?.parameters["charset"] == "UTF-8")
        #expect(ContentType("Application/X-WWW-Form-URLEncoded")?.isForm == true)
        #expect(ContentType("text/plain")?.multipartBoundary == nil)
        #expect(ContentType(nil) == nil)
    }

    @Test func formFieldsDecodeAndKeepTheirPlace() {
        let text = "a=1&b=x+y%21&&empty=&flag"
        let fields = FormFields(text[...], plusIsSpace: true).fields
        #expect(fields.map(\.name) == ["a", "b", "empty", "flag"])
        #expect(fields.map(\.value) == ["1", "x y!", "", ""])
        #expect(String(text[fields[1].valueRange]) == "x+y%21")
        #expect(FormFields("q=a+b"[...], plusIsSpace: false).fields.first?.value == "a+b", "a query keeps its +")
    }

    @Test func multipartParts() throws {
        let body = Data("preamble\r\n--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n\u{0}\u{1}\r\n--b\r\nContent-Disposition: form-data; name=\"empty\"\r\n\r\n\r\n--b--\r\n".utf8)
        let multipart = try #require(MultipartBody(body, boundary: "b"))
        #expect(multipart.parts.map(\.fieldName) == ["title", "file", "empty"])
        #expect(multipart.parts.map(\.isFile) == [false, true, false])
        let contents = multipart.parts.map { body[$0.content] }
        #expect(contents == [Data("Hello".utf8), Data([0, 1]), Data()])
        #expect(multipart.parts[1].header("content-type") == "application/octet-stream")
        #expect(MultipartBody(Data("no boundary here".utf8), boundary: "b") == nil)
        #expect(MultipartBody(Data("--b".utf8), boundary: "b") == nil, "no line after the delimiter")
    }

    @Test("bare LF line endings and a missing closing delimiter still give the parts")
    func lenientMultipart() throws {
        let body = Data("--b\nContent-Disposition: form-data; name=\"password\"\n\nsecret-value\n--b\nContent-Disposition: form-data; name=\"t\"\n\ncut short".utf8)
        let multipart = try #require(MultipartBody(body, boundary: "b"))
        #expect(multipart.parts.map(\.fieldName) == ["password", "t"])
        #expect(multipart.parts.map { String(decoding: body[$0.content], as: UTF8.self) } == ["secret-value", "cut short"])
    }
}
