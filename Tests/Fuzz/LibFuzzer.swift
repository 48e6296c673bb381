#if FUZZING
import Foundation

/// libFuzzer's driver, run from this target's own `main`.
///
/// SwiftPM compiles an executable target's entry point under another name (so that tests can link the module) and
/// links `main` to it, so the `main` that `-sanitize=fuzzer` brings along from libFuzzer never runs. libFuzzer
/// offers `LLVMFuzzerRunDriver` for exactly this case: a program with a `main` of its own hands it the arguments and
/// the callback.
///
/// It is declared with `@_silgen_name` rather than imported from a C module: a C module would be one more target
/// (and a module map) for a single declaration. Calling it so is sound because every parameter is a pointer or a
/// `@convention(c)` function pointer and the result a `CInt`, which the Swift calling convention passes in the same
/// registers as C's on the platforms Swift supports; the name is libFuzzer's documented, stable entry point.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The fuzz loop: libFuzzer parses its flags from the command line and calls ``testOneInput`` with each input.
enum LibFuzzer {
    /// The target every input goes to, read from `FUZZ_TARGET` once (`main` has refused a name it does not know).
    private static let target = (try? FuzzTarget.fromEnvironment().get()) ?? .cassette

    /// Runs libFuzzer with this process's arguments, each input read as `FUZZ_TARGET` says; returns its exit status
    /// (libFuzzer often exits by itself).
    static func run() -> Int32 {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        // The type is named: a bare `testOneInput` would capture `Self`, which crashes Swift 6.3's region analysis.
        return LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in LibFuzzer.testOneInput(bytes, count) }
    }

    /// libFuzzer's callback: the input read as the target reads one. Its bytes are used where they are, not copied,
    /// so that AddressSanitizer reports a read past their end. A typed error is a fine outcome; returning 0 lets
    /// libFuzzer keep the input if it reached new code. What the target finds wrong (a leak) aborts, so that
    /// libFuzzer saves the input as a crash.
    static func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        let data = bytes.map { Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: count, deallocator: .none) }
        if let failure = target.run(data ?? Data()) {
            FileHandle.standardError.write(Data("\n== finding: \(failure)\n".utf8))
            abort()
        }
        return 0
    }
}
#endif
