package org.oft.controller.service.http;

import io.vertx.core.Vertx;
import io.vertx.core.net.PemKeyCertOptions;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManager;
import javax.net.ssl.X509KeyManager;
import org.oft.controller.service.ServeConfig;

/**
 * Checks, before the controller touches anything, that a PEM certificate and key load and belong
 * together: the key signs, the certificate's public key verifies. A server given a mismatched pair
 * would start and then fail every handshake.
 */
public final class TlsPair {
    private TlsPair() {
    }

    public static void check(Vertx vertx, ServeConfig.Tls tls) {
        X509KeyManager km;
        try {
            km = null;
            for (KeyManager m : new PemKeyCertOptions().setCertPath(tls.cert().toString()).setKeyPath(tls.key().toString())
                    .getKeyManagerFactory(vertx).getKeyManagers()) {
                if (m instanceof X509KeyManager x) {
                    km = x;
                }
            }
        } catch (Exception e) {
            throw new IllegalArgumentException("cannot load the TLS certificate " + tls.cert() + " and key " + tls.key() + ": "
                    + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()));
        }
        for (String type : new String[] {"RSA", "EC", "EdDSA", "Ed25519", "DSA"}) {
            String[] aliases = km == null ? null : km.getServerAliases(type, null);
            for (String alias : aliases == null ? new String[0] : aliases) {
                PrivateKey key = km.getPrivateKey(alias);
                X509Certificate[] chain = km.getCertificateChain(alias);
                if (key != null && chain != null && chain.length > 0) {
                    if (!belong(key, chain[0])) {
                        throw new IllegalArgumentException("the TLS key " + tls.key() + " is not the key of the certificate "
                                + tls.cert() + " (" + chain[0].getSubjectX500Principal().getName() + ")");
                    }
                    return;
                }
            }
        }
        throw new IllegalArgumentException("no certificate and key found in " + tls.cert() + " and " + tls.key());
    }

    private static boolean belong(PrivateKey key, X509Certificate cert) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "DSA" -> "SHA256withDSA";
            default -> key.getAlgorithm(); // EdDSA, Ed25519
        };
        try {
            byte[] probe = new byte[32];
            new java.security.SecureRandom().nextBytes(probe);
            Signature s = Signature.getInstance(algorithm);
            s.initSign(key);
            s.update(probe);
            byte[] signed = s.sign();
            Signature v = Signature.getInstance(algorithm);
            v.initVerify(cert.getPublicKey());
            v.update(probe);
            return v.verify(signed);
        } catch (java.security.GeneralSecurityException e) {
            return false; // a key of one kind, a certificate of another
        }
    }
}
