extension Workspace {
    /// Lints `inputs` (`run`) and writes each report to `writer` in their order, as it is done: rendered on the thread
    /// that linted it, written on the calling thread. `holdBack`, on the linting thread, takes out of a report what it
    /// must not show (a baseline's findings); the writer counts them, and `heldBack` gets their entries in order.
    /// An input that could not be read is added to `failures`. Returns the files skipped as no definition.
    public func check(_ inputs: [Input], headers: [HeaderOption] = [], role: InputRole = .definition, jobs: Int? = nil,
                      into writer: ReportWriter, holdBack: (@Sendable (FileReport) -> (FileReport, [Baseline.Entry]))? = nil,
                      heldBack: ([Baseline.Entry]) -> Void = { _ in }, failures: inout [InputError]) throws -> [SkippedFile] {
        let prepare = writer.prepare
        return try run(inputs, headers: headers, role: role, jobs: jobs, transform: { item -> (ReportWriter.Prepared, [Baseline.Entry]) in
            guard let holdBack else { return (prepare(item.report), []) }
            let (kept, held) = holdBack(item.report)
            return (prepare(kept), held)
        }) { event in
            guard let values = event.batch(failures: &failures) else {
                if case .streamEnded(let name, let kind) = event { writer.addStream(kind, name: name) }
                return
            }
            var prepared: [ReportWriter.Prepared] = []
            prepared.reserveCapacity(values.count)
            for (report, held) in values {
                prepared.append(report)
                if !held.isEmpty {
                    heldBack(held)
                    writer.addBaselined(held.count)
                }
            }
            writer.add(prepared)
        }
    }
}

extension RunEvent {
    /// A batch's values, in order, each input among them that could not be read added to `failures` (every command
    /// reports those after its output); nil for a stream's start and end. What each consumer of `Workspace.run` does
    /// with a batch before its own part.
    public func batch(failures: inout [InputError]) -> [Value]? {
        guard case .values(let results) = self else { return nil }
        var values: [Value] = []
        values.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let value): values.append(value)
            case .failure(let error): failures.append(error)
            }
        }
        return values
    }
}
