import SwiftUI

@main
struct PlainApp: App {
    var body: some Scene {
        WindowGroup { Text("Plain") }
    }
}
