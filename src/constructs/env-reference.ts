import { k8s } from 'cdk8s-plus-27';
import * as kplus from 'cdk8s-plus-27';

/**
 * An environment variable of a hook container, always taken from a Secret or ConfigMap by
 * reference: a hook never carries a literal secret value in the rendered YAML.
 */
export class EnvReference {
  /**
   * `name` = the value of `key` in a Secret.
   * @param optional the Pod starts even if the key or Secret is missing
   */
  public static fromSecret(name: string, secret: kplus.ISecret, key: string, optional?: boolean): EnvReference {
    return new EnvReference(name, { secretKeyRef: { name: secret.name, key, optional } });
  }

  /**
   * `name` = the value of `key` in a ConfigMap.
   * @param optional the Pod starts even if the key or ConfigMap is missing
   */
  public static fromConfigMap(name: string, configMap: kplus.IConfigMap, key: string, optional?: boolean): EnvReference {
    return new EnvReference(name, { configMapKeyRef: { name: configMap.name, key, optional } });
  }

  private constructor(public readonly name: string, private readonly source: k8s.EnvVarSource) {
    if (!/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(name)) {
      throw new Error(`invalid environment variable name "${name}": use letters, digits, '_', '-' or '.', not starting with a digit`);
    }
  }

  /** @internal */
  public _toKube(): k8s.EnvVar {
    return { name: this.name, valueFrom: this.source };
  }
}

/**
 * Every key of a Secret or ConfigMap as environment variables of a hook container (`envFrom`).
 */
export class EnvSource {
  /** All keys of a Secret. */
  public static secret(secret: kplus.ISecret, prefix?: string): EnvSource {
    return new EnvSource({ secretRef: { name: secret.name }, prefix });
  }

  /** All keys of a ConfigMap. */
  public static configMap(configMap: kplus.IConfigMap, prefix?: string): EnvSource {
    return new EnvSource({ configMapRef: { name: configMap.name }, prefix });
  }

  private constructor(private readonly source: k8s.EnvFromSource) {}

  /** @internal */
  public _toKube(): k8s.EnvFromSource {
    return this.source;
  }
}
