extension RouteTable {
    /// The screens from the root to the route. Each ancestor gets the parameters it names in its
    /// pattern or `routeParameters`, taken from this route's match.
    func plan(_ route: Int, parameters: [String: String], storyboard: (RouteDestination) -> String?) -> [NavigationStep] {
        let record = routes[route]
        // A one-element literal allocates once; reserving on an empty array then appending cost a second step (callgrind).
        guard record.ancestorsEnd > record.ancestorsStart else { return [step(route, parameters: parameters, storyboard: storyboard)] }
        var steps: [NavigationStep] = []
        steps.reserveCapacity(Int(record.ancestorsEnd - record.ancestorsStart) + 1)
        for ancestor in ancestors[Int(record.ancestorsStart)..<Int(record.ancestorsEnd)] {
            let names = stepNames[ancestor] ?? []
            steps.append(step(Int(ancestor), parameters: parameters.filter { names.contains($0.key) }, storyboard: storyboard))
        }
        steps.append(step(route, parameters: parameters, storyboard: storyboard))
        return steps
    }

    private func step(_ route: Int, parameters: [String: String], storyboard: (RouteDestination) -> String?) -> NavigationStep {
        let definition = definitions[route]
        let destination = definition.destination
        return NavigationStep(
            route: definition.pattern.description, className: copiedString(destination.className),
            identifier: copiedString(destination.identifier), storyboard: copiedString(storyboard(destination)), parameters: parameters)
    }
}
