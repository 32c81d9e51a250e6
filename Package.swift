// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Keylex",
    products: [
        .library(name: "KeylexRuntime", targets: ["KeylexRuntime"]),
        .library(name: "KeylexCompiler", targets: ["KeylexCompiler"]),
        .executable(name: "keylex", targets: ["keylex"]),
        .plugin(name: "KeylexPlugin", targets: ["KeylexPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target KeylexRuntime` (DocC).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "KeylexRuntime"),
        .target(
            name: "KeylexCompiler",
            dependencies: ["KeylexRuntime", "CLibXML2", "CZlib"]
        ),
        .executableTarget(
            name: "keylex",
            dependencies: [
                "KeylexCompiler",
                "KeylexRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "KeylexPlugin",
            capability: .buildTool(),
            dependencies: ["keylex"]
        ),
        .executableTarget(
            name: "keylex-bench",
            dependencies: ["KeylexCompiler", "KeylexRuntime"],
            path: "Benchmarks/KeylexBench"
        ),
        .executableTarget(
            name: "keylex-layout-bench",
            dependencies: ["KeylexCompiler", "KeylexRuntime"],
            path: "Benchmarks/LayoutBench"
        ),
        .executableTarget(
            name: "keylex-suggest-bench",
            dependencies: ["KeylexRuntime"],
            path: "Benchmarks/SuggestBench"
        ),
        .executableTarget(
            name: "keylex-emoji-bench",
            dependencies: ["KeylexRuntime"],
            path: "Benchmarks/EmojiBench"
        ),
        .executableTarget(
            name: "keylex-multilingual-bench",
            dependencies: ["KeylexRuntime"],
            path: "Benchmarks/MultilingualBench"
        ),
        .executableTarget(
            name: "keylex-ngram-bench",
            dependencies: ["KeylexRuntime"],
            path: "Benchmarks/NGramBench"
        ),
        .executableTarget(
            name: "keylex-keyboard-bench",
            dependencies: ["KeylexRuntime"],
            path: "Benchmarks/KeyboardBench"
        ),
        .testTarget(name: "KeylexRuntimeTests", dependencies: ["KeylexRuntime"], exclude: ["Fixtures"]),
        .testTarget(name: "KeylexCompilerTests", dependencies: ["KeylexCompiler", "KeylexRuntime"], exclude: ["Fixtures"]),
        .testTarget(name: "KeylexCLITests", dependencies: ["keylex"]),
    ]
)
