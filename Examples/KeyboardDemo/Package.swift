// swift-tools-version:6.0
import PackageDescription

// A small command-line "keyboard" built on Keylex: the Keylex plugin compiles the target's
// layouts/ and corpora/ into bundles among its resources, and the program reads them with the
// runtime. See README.md.
let package = Package(
    name: "KeyboardDemo",
    dependencies: [
        .package(name: "Keylex", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "KeyboardDemo",
            dependencies: [.product(name: "KeylexRuntime", package: "Keylex")],
            exclude: ["layouts", "corpora"],
            plugins: [.plugin(name: "KeylexPlugin", package: "Keylex")]
        ),
    ]
)
