/**
 * A fat tree as it runs, and its tables onto switch boards: {@link org.oft.controller.fattree.deploy.RunningFabric}
 * is the one running fabric (tree, holes, engine, tables as they run) every command, study point and the fabric
 * service route by, made by {@link org.oft.controller.fattree.deploy.FabricReroute} (which keeps it rerouted as
 * failures are declared); {@link org.oft.controller.fattree.deploy.SwitchDeployment} turns its tables into hal board
 * configurations (physical port numbering, LID blocks) and deploys them through any {@link org.oft.hal.BoardBus};
 * {@link org.oft.controller.fattree.deploy.ElectricalBench} is the modelled bench {@code serve --fabric fattree} runs.
 */
package org.oft.controller.fattree.deploy;
