#!/usr/bin/env bash
# Builds the libFuzzer targets with swiftc (not SwiftPM): Sources/Reactive, Sources/Tracer,
# Sources/Render and Sources/Scenarios as static libraries instrumented for libFuzzer and AddressSanitizer, then one
# executable per target. Usage: Fuzz/build.sh [BUILD-DIR]   (default: .build-fuzz)
# Prints nothing but errors; the executables are BUILD-DIR/fuzz-scenario, BUILD-DIR/fuzz-trace and
# BUILD-DIR/fuzz-pipeline.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-.build-fuzz}
mkdir -p "$build/modules"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name sigviz -I "$build/modules" -L "$build/modules")
# ld.gold warns about every ASan helper symbol; those warnings are noise.
quiet() { "$@" 2>&1 | { grep -v "Cannot export local symbol" || true; }; return "${PIPESTATUS[0]}"; }

module() {  # module NAME FILES...
    local name=$1; shift
    # A static library is an archive that swiftc adds to: one left from an earlier build would
    # keep the objects of files since moved or deleted, and their symbols would clash.
    rm -f "$build/modules/lib$name.a"
    quiet swiftc "${flags[@]}" -emit-library -static -module-name "$name" -emit-module \
        -emit-module-path "$build/modules/$name.swiftmodule" "$@" -o "$build/modules/lib$name.a"
}
module Reactive $(find Sources/Reactive -name '*.swift' | sort)
module Tracer $(find Sources/Tracer -name '*.swift' | sort)
module Findings $(find Sources/Findings -name '*.swift' | sort)
# SwiftPM compiles Render's style sheet and script into the module (.embedInCode in Package.swift,
# as PackageResources); without SwiftPM, the same file is written here from the same files.
{
    echo "struct PackageResources {"
    for file in Sources/Render/Report/Resources/report.css Sources/Render/Report/Resources/report.js; do
        name=$(basename "$file" | tr '.-' '__')
        echo "static let $name: [UInt8] = [$(od -An -v -tu1 "$file" | tr -s ' \n' ' ' | sed 's/^ //; s/ $//; s/ /,/g')]"
    done
    echo "}"
} > "$build/RenderResources.swift"
module Render $(find Sources/Render -name '*.swift' | sort) "$build/RenderResources.swift"
module Scenarios $(find Sources/Scenarios -name '*.swift' | sort) Fuzz/Support/BundleModule.swift

quiet swiftc "${flags[@]}" -module-name FuzzScenario Fuzz/ScenarioParser/main.swift \
    -lScenarios -lFindings -lTracer -lReactive -o "$build/fuzz-scenario"
quiet swiftc "${flags[@]}" -module-name FuzzTrace Fuzz/TraceDecoder/main.swift -lRender -lFindings -lTracer -lReactive -o "$build/fuzz-trace"
quiet swiftc "${flags[@]}" -module-name FuzzPipeline Fuzz/Pipeline/main.swift \
    -lRender -lScenarios -lFindings -lTracer -lReactive -o "$build/fuzz-pipeline"
