import APNSLintSyntax

extension Linter {
    /// Reads each file and runs `body` with its linter, in parallel, handing the results to `consume` a run at a time,
    /// in order, while later files are still being linted.
    static func each<Value>(_ files: [InputFile], linters: LinterTable, absolutePath: @Sendable (String) -> String, jobs: Int? = nil,
                            _ body: @Sendable (Linter, SourceText, InputFile, String) -> Value,
                            consume: ([Result<Value, InputError>]) -> Void) {
        withoutActuallyEscaping(body) { body in withoutActuallyEscaping(absolutePath) { absolutePath in
            Parallel.forEachRun(files.indices, jobs: jobs, eachWorker: {
                let linters = linters.unshared()
                return { index in
                    let file = files[index]
                    return Result { () throws(InputError) in try Inputs.readFile(file.path) }
                        .map { body(linters[index], SourceText(bytes: $0), file, absolutePath(file.path)) }
                }
            }, consume: consume)
        } }
    }
}
