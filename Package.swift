// swift-tools-version: 6.0
import PackageDescription

/// The platforms where a program can start another (Foundation's `Process`; not iOS, tvOS, watchOS or visionOS): the
/// tests that run the `cassette` executable or a child process depend on those executables only there.
let spawning: [Platform] = [.macOS, .linux]

/// Strict settings shared by every target: Swift 6 language mode is the package default;
/// these add the upcoming features that keep the code honest about its dependencies.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // The code that runs git or a child process, and the tests that do, build only where a program can start another.
    .define("CAN_SPAWN_PROCESSES", .when(platforms: spawning)),
]

let package = Package(
    name: "swift-cassette",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Caching", targets: ["Caching"]),
        .library(name: "CassetteTesting", targets: ["CassetteTesting"]),
        .library(name: "HTTPBinClient", targets: ["HTTPBinClient"]),
        // `demo` and `cassette-bench` are this package's own tools, not products: a dependent sees only the products
        // declared here, while `swift run demo` and `swift build --product cassette-bench` still work in this package.
        .executable(name: "cassette", targets: ["cassette"]),
        // `swift package cassette ...` in any package that depends on this one.
        .plugin(name: "CassettePlugin", targets: ["CassettePlugin"]),
    ],
    targets: [
        // One small lock box shared by our modules through `package` access; not a product.
        .target(name: "Locking", swiftSettings: strictSettings),
        .target(name: "Networking", dependencies: ["Locking"], swiftSettings: strictSettings),
        .target(name: "Caching", dependencies: ["Locking"], swiftSettings: strictSettings),
        // The harness itself, free of test frameworks so that executables (demo, cassette-bench) can link it: on
        // Apple platforms an executable that links XCTest or Testing does not launch outside a test runner.
        .target(name: "CassetteCore", dependencies: ["Caching", "Locking"], swiftSettings: strictSettings),
        // What tests import: the core, re-exported, plus the Swift Testing trait and the XCTest helper.
        .target(name: "CassetteTesting", dependencies: ["CassetteCore", "Locking"], swiftSettings: strictSettings),
        // The example client: a real API client on Networking, the code the harness exists to test.
        .target(name: "HTTPBinClient", dependencies: ["Networking"], swiftSettings: strictSettings),
        // The main job: a scripted tour of the example client, replayed from Cassettes/.
        .executableTarget(name: "demo", dependencies: ["HTTPBinClient", "CassetteCore"], swiftSettings: strictSettings),
        // Performance, measured side by side with each floor: Scripts/bench.sh. Never part of the tests.
        .executableTarget(name: "cassette-bench", dependencies: ["CassetteCore", "CassetteTool", "Locking"], swiftSettings: strictSettings),
        // The `cassette` command's work (arguments, subcommands, their output), a library so tests run it in process;
        // the executable only hands it the process's arguments and streams.
        .target(name: "CassetteTool", dependencies: ["CassetteCore", "Caching"], swiftSettings: strictSettings),
        .executableTarget(name: "cassette", dependencies: ["CassetteTool"], swiftSettings: strictSettings),
        // Runs the `cassette` executable for `swift package cassette ...`, from the package's root. It asks for no
        // permission, so that reading commands need no flag; see the plugin for what that means for writing ones.
        .plugin(name: "CassettePlugin",
                capability: .command(intent: .custom(verb: "cassette", description: "Inspect, verify, prune and convert cassettes (cassette --help)")),
                dependencies: ["cassette"], path: "Sources/CassettePlugin"),

        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "Locking"], swiftSettings: strictSettings),
        .testTarget(name: "CachingTests", dependencies: ["Caching", "Locking"], swiftSettings: strictSettings),
        // A child process for the tests that kill saves and race two recorders; the tests find it beside themselves.
        .executableTarget(name: "CassetteChild", dependencies: ["CassetteCore"], path: "Tests/CassetteChild", swiftSettings: strictSettings),
        // The cassette decoder's fuzz target: Scripts/fuzz.sh builds it with libFuzzer; a plain build replays inputs.
        .executableTarget(name: "CassetteFuzz", dependencies: ["CassetteCore"], path: "Tests/Fuzz", swiftSettings: strictSettings),
        // `cassette` too: the planted-secret tests run `cassette verify` on what the harness writes.
        .testTarget(name: "CassetteTestingTests", dependencies: ["CassetteTesting", "CassetteCore", "Locking",
                                                                 .target(name: "CassetteChild", condition: .when(platforms: spawning)),
                                                                 .target(name: "CassetteFuzz", condition: .when(platforms: spawning)),
                                                                 .target(name: "cassette", condition: .when(platforms: spawning))],
                    swiftSettings: strictSettings),
        // Fixtures/ holds the cassettes and HAR files the tests read, Golden/ the exact output they expect.
        .testTarget(name: "CassetteToolTests", dependencies: ["CassetteTool", "CassetteCore", "Caching", "Locking",
                                                              .target(name: "cassette", condition: .when(platforms: spawning))],
                    exclude: ["Fixtures", "Golden"], swiftSettings: strictSettings),
        .testTarget(name: "HTTPBinClientTests", dependencies: ["HTTPBinClient", "CassetteTesting"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
