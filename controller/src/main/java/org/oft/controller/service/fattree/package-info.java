/**
 * The electrical fabric service. {@link org.oft.controller.service.fattree.SwitchFabricVerticle} only wires
 * event-bus addresses to the class that owns each concern. {@link org.oft.controller.service.fattree.FabricDeployer}
 * is the one writer of what the boards run: it deploys and then publishes an immutable
 * {@link org.oft.controller.service.fattree.FabricSnapshot}, whole; every query reads one snapshot.
 * The port poll, telemetry rates, the model's faults and the console's analyses are classes of their own.
 * Start at the verticle, then the deployer.
 */
package org.oft.controller.service.fattree;
