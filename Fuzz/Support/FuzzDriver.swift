/// Runs libFuzzer with a target's body. Each fuzz target's `main` calls ``run(_:)``: the package
/// is built with tools 6, where SwiftPM names an executable's entry point `<target>_main`, so
/// the targets link libFuzzer without its own `main` and start its driver themselves.
public enum FuzzDriver {
    /// The body of the running target; set once, before the driver starts, and only read after.
    nonisolated(unsafe) private static var body: (FuzzInput) -> Void = { _ in }

    /// Hands control to libFuzzer, which calls `body` with each input and exits when done.
    /// - Parameter body: What the target does with one input.
    public static func run(_ body: @escaping (FuzzInput) -> Void) -> Never {
        Self.body = body
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzDriver.body(FuzzInput(data, size))
            return 0
        }
        exit(status)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
