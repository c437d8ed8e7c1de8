import APNSLint

extension RunEvent {
    /// A batch's values, in order, each input among them that could not be read added to `failures` (every command
    /// reports those after its output and exits 2); nil for a stream's start and end. What each command's consumer
    /// of `Workspace.run` does with a batch before its own part.
    func batch(failures: inout [InputError]) -> [Value]? {
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
